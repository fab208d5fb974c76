"""An evaluation's journal line with its trace cut down to the trace's `usage`, for the fold.

The fold keeps an evaluation's outcome and its trace's `usage`, not the trace
(`EvaluationOutcome`), yet validating a whole line parses the whole trace, three quarters
of the line. `usage_only(line)` cuts the trace out of the bytes first; it answers only for
a line in the form `Journal.append` writes an evaluation, and None for any other, which
the fold then validates whole:
- compact JSON with sorted keys: `{"data":{...,"trace":{...},"type":"evaluation"},"op":...`
  (the data keys before `trace` hold scalars, and no string holds an unescaped quote, so
  the first `,"trace":{` starts the trace and the last `,"type":"evaluation"},"op":"` ends it);
- a trace whose last key is its `usage`, an object of plain values (no brace, bracket or
  nested object), as the runners write it; or a trace that holds no `"usage":` at all.
A cut line that does not validate is validated whole as well (`rsi.journal.store`), so a
line is read as it would be without the cut, faster.
"""

from __future__ import annotations

_DATA = b'{"data":{'
_TRACE = b',"trace":{'
_END = b',"type":"evaluation"},"op":"'  # data's last key after the trace, then the op
_USAGE = b'"usage":{'


def usage_only(line: bytes) -> bytes | None:
    """`line` with its trace replaced by `{"usage": ...}` (or `{}` when the trace has no
    usage), or None when the line is not an evaluation in the writer's form.

    Searches the bytes in place (no copy of the trace): it runs once per journal line."""
    if not line.startswith(_DATA):
        return None
    start = line.find(_TRACE)
    end = line.rfind(_END)
    if start < 0 or end < start:
        return None
    at = line.rfind(_USAGE, start, end)
    if at < 0:
        if line.find(b'"usage":', start, end) >= 0:
            return None  # a usage that is no object
        return b"".join((line[:start], b',"trace":{}', line[end:]))
    # The trace's last key, `"usage":{...}}` up to the trace's end, of plain values.
    if line[end - 2 : end] != b"}}" or line[at - 1] not in b",{":
        return None
    usage = line[at + len(_USAGE) - 1 : end - 1]
    if usage.count(b"{") + usage.count(b"}") != 2 or b"[" in usage or b"]" in usage:
        return None
    return b"".join((line[:start], b',"trace":{"usage":', usage, b"}", line[end:]))
