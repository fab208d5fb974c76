"""Marker RLE with regular expressions: re.sub to encode, anchored matches to decode."""
import re

_RUN = re.compile(r"(.)\1*", re.S)
_MARK = re.compile(r"~(.)([0-9]+);", re.S)


def _replace(m):
    run = m.group(0)
    if len(run) >= 4 or run[0] == "~":
        return f"~{run[0]}{len(run)};"
    return run


def encode(text):
    return _RUN.sub(_replace, text)


def decode(data):
    pieces = []
    pos = 0
    while pos < len(data):
        nxt = data.find("~", pos)
        if nxt == -1:
            pieces.append(data[pos:])
            break
        pieces.append(data[pos:nxt])
        m = _MARK.match(data, nxt)
        if not m or int(m.group(2)) == 0:
            raise ValueError(f"invalid marker at {nxt}")
        pieces.append(m.group(1) * int(m.group(2)))
        pos = m.end()
    return "".join(pieces)
