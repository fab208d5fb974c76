"""The sessions' workspace: files the host writes from a `ProposalContext` (or a
`SelectionContext`) alone, and the bounded read tools over them.

Layout (relative to the workspace root; README.md says the same to the model):
- `strategy.json` the parent strategy; `space.json` the mutable fields, their allowed
  values and the frozen ones; `lessons.json` the parent's lessons;
- `tasks/<task id>/instruction.md` the public instruction, `outcome.json` the judge's
  public outcome (solved, the suite on the initial and on a correct program, runner error),
  `trace/` the evaluation's trajectory, what its agents saw (`_trajectory.py`): the
  runner's tool output whole (`tool_output.txt`), one transcript per agent session (the
  model's text, each call's full arguments and its output as shown), the phases' facts
  and one file per other part; where the trajectory is missing, a note and the journal's
  copy (metadata only);
- `child/<task id>/...` the same for the child (reflection only), `verdict.json` the
  screen's verdict with the gained and lost tasks, `proposal.json` the screened edit;
- `dag.json` every node of the evolution DAG (rejections included), `candidates/<id>.json`
  each kept candidate (selection only), `insights.md` every insight with its round.
Nothing else reaches it: the contexts hold no reference, hidden test, panel, dev or release
task content. Rendering is a pure function of the context (sorted keys), so the same
context gives the same files, the same tool outputs and the same cache keys.

Reads are bounded, files are not cut: a `read_file` returns at most `read_chars` from an
offset (and says where the rest begins), `grep` at most `GREP_MATCHES` lines, each with its
file, line number and character offset, a long line shown around its match;
`trace_chars` counts the characters of task traces returned.
"""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path
from typing import Any

from rsi.proposers.base import (
    DagNode,
    Note,
    Proposal,
    ProposalContext,
    ScreenFeedback,
    SelectionContext,
    TaskFeedback,
)
from rsi.proposers.reflective._trajectory import trace_files
from search_space import SCALAR_FIELDS, SearchSpace, Strategy

READ_CHARS = 8_000
LIST_ENTRIES = 400
GREP_MATCHES = 60
LINE_CHARS = 240
_SAFE = re.compile(r"[^A-Za-z0-9._-]+")

README = """# The optimizer's workspace (read-only; written by the host)

- strategy.json: the parent strategy; space.json: the fields you may change, their allowed
  values, and the frozen fields; lessons.json: the parent's lessons.
- tasks/<task>/instruction.md: the task's public requirement; outcome.json: the judge's
  public outcome; trace/: the parent's run as its agents saw it: tool_output.txt (the
  runner's tool output), transcripts/*.md (per agent session and turn: the model's text,
  each tool call's full arguments and its output as shown), phases.json and one file per
  other part of the trace. Large files: page with read_file's offset, search with grep
  (each match gives its line and @offset).
- child/<task>/...: the child's run (reflection only); verdict.json: the screen's verdict
  (`skipped`: tasks the child never ran, the verdict was fixed without them);
  proposal.json: the edit that was screened.
- dag.json: every candidate and attempt of this search (parent, edit, screen gain and
  regressions over the `screen_read` tasks the verdict read, and `ran_gain`,
  `ran_regressions` over the `ran` tasks the child ran, dev RAR, fate and reason);
  `dev_rar_at_most` marks a dev RAR that is only an upper bound (its dev run stopped once it
  could not become best); candidates/<id>.json: each kept candidate (selection only).
- insights.md: every insight recorded so far, with its round.
"""


def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, indent=1, ensure_ascii=False, default=str) + "\n"


def _name(text: str) -> str:
    return _SAFE.sub("_", text)[:120] or "_"


def dag_rows(dag: tuple[DagNode, ...]) -> list[dict[str, Any]]:
    return [{k: v for k, v in dataclasses.asdict(n).items() if v is not None} for n in dag]


def space_summary(space: SearchSpace, parent: Strategy | None) -> dict[str, Any]:
    fields: dict[str, Any] = {}
    for name in space.mutable_fields:
        entry: dict[str, Any] = {}
        if name in SCALAR_FIELDS:
            entry["allowed"] = list(space.allowed_values(name))
        if parent is not None and name in SCALAR_FIELDS:
            entry["now"] = parent.field_value(name)
        fields[name] = entry
    return {"mutable": fields, "frozen": list(space.frozen)}


def _notes_text(notes: tuple[Note, ...]) -> str:
    if not notes:
        return "(no insight yet)\n"
    return "".join(f"- round {n.round}: {n.text}\n" for n in notes)


def _task_files(prefix: str, task: TaskFeedback) -> dict[str, str]:
    base = f"{prefix}/{_name(task.task_id)}"
    outcome = {
        "task_id": task.task_id,
        "context": task.context,
        "solved": task.success,
        "suite_on_initial_program": task.initial_outcome,
        "suite_on_correct_program": task.reference_outcome,
        "runner_error": task.runner_error,
    }
    files = {f"{base}/instruction.md": task.instruction.strip() + "\n"}
    files[f"{base}/outcome.json"] = _json(outcome)
    files.update(trace_files(f"{base}/trace", task.trace, task.trajectory))
    return files


def proposal_files(context: ProposalContext, *, with_traces: bool = True) -> dict[str, str]:
    """The diagnosis workspace of `context` (`with_traces=False`: no trace/ files, for
    ablations and the benchmark's blind optimizer)."""
    files = {
        "README.md": README,
        "strategy.json": _json(context.parent.to_json_dict()),
        "space.json": _json(space_summary(context.space, context.parent)),
        "lessons.json": _json([lesson.to_json_dict() for lesson in context.parent.lessons]),
        "dag.json": _json(dag_rows(context.dag)),
        "insights.md": _notes_text(context.notes),
    }
    for task in context.feedback:
        task_files = _task_files("tasks", task)
        files.update({k: v for k, v in task_files.items() if with_traces or "/trace/" not in k})
    return files


def reflection_files(
    context: ProposalContext, proposal: Proposal, verdict: ScreenFeedback, *, with_traces: bool
) -> dict[str, str]:
    files = proposal_files(context, with_traces=with_traces)
    files["proposal.json"] = _json(
        {"field": proposal.field, "edit": proposal.edit, "rationale": proposal.rationale}
    )
    files["verdict.json"] = _json(
        {
            "kept": verdict.passed,
            "gain": verdict.gain,
            "regressions": verdict.regressions,
            "reason": verdict.reason,
            "gained": list(verdict.gained),
            "lost": list(verdict.lost),
            # Tasks the child never ran: the verdict was fixed without them.
            "skipped": list(verdict.skipped),
        }
    )
    for task in verdict.child:
        task_files = _task_files("child", task)
        files.update({k: v for k, v in task_files.items() if with_traces or "/trace/" not in k})
    return files


def selection_files(context: SelectionContext) -> dict[str, str]:
    files = {
        "README.md": README,
        "space.json": _json(space_summary(context.space, None)),
        "dag.json": _json(dag_rows(context.dag)),
        "insights.md": _notes_text(context.notes),
    }
    for sid, strategy in sorted(context.kept.items()):
        files[f"candidates/{_name(sid)}.json"] = _json(strategy.to_json_dict())
    return files


def _around(line: str, start: int) -> str:
    """At most `LINE_CHARS` of `line`, around its match when the line is longer."""
    text = line.strip()
    if len(text) <= LINE_CHARS:
        return text
    begin = max(0, min(start - LINE_CHARS // 4, len(line) - LINE_CHARS))
    return ("…" if begin else "") + line[begin : begin + LINE_CHARS]


def _is_trace(relative: str) -> bool:
    return "/trace/" in relative


class OptimizerWorkspace:
    """A written workspace and its read tools; every answer is a string the model sees."""

    def __init__(self, root: Path, files: dict[str, str], *, read_chars: int = READ_CHARS):
        self.root = root
        self.read_chars = read_chars
        self.trace_chars = 0
        root.mkdir(parents=True, exist_ok=True)
        for relative, text in files.items():
            path = root / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        self.files = dict(sorted(files.items()))

    def _relative(self, path: str) -> str:
        parts = [p for p in str(path).replace("\\", "/").split("/") if p not in ("", ".")]
        if any(p == ".." for p in parts):
            raise ValueError(f"{path!r} leaves the workspace")
        return "/".join(parts)

    def list_files(self, path: str = ".") -> str:
        prefix = self._relative(path)
        names = [
            f"{name} ({len(text)} chars)"
            for name, text in self.files.items()
            if not prefix or name == prefix or name.startswith(prefix + "/")
        ]
        if not names:
            return f"refused: no file under {path!r}"
        more = len(names) - LIST_ENTRIES
        shown = "\n".join(names[:LIST_ENTRIES])
        return shown + (f"\n[{more} more; list a folder]" if more > 0 else "")

    def read_file(self, path: str, offset: int = 0) -> str:
        relative = self._relative(path)
        text = self.files.get(relative)
        if text is None:
            return f"refused: no file {path!r} (list_files shows what there is)"
        start = max(int(offset), 0)
        part = text[start : start + self.read_chars]
        if _is_trace(relative):
            self.trace_chars += len(part)
        rest = len(text) - start - len(part)
        tail = f"\n[{rest} more chars: read_file offset={start + len(part)}]" if rest > 0 else ""
        return part + tail

    def grep(self, pattern: str, path: str = ".") -> str:
        prefix = self._relative(path)
        try:
            regex = re.compile(pattern, re.IGNORECASE)
        except re.error:
            regex = re.compile(re.escape(pattern), re.IGNORECASE)
        lines: list[str] = []
        for name, text in self.files.items():
            if prefix and not (name == prefix or name.startswith(prefix + "/")):
                continue
            offset = 0
            for number, line in enumerate(text.splitlines(keepends=True), 1):
                found = regex.search(line)
                if found:
                    part = _around(line.rstrip("\n"), found.start())
                    if _is_trace(name):
                        self.trace_chars += len(part)
                    lines.append(f"{name}:{number}:@{offset}: {part}")
                offset += len(line)
                if len(lines) >= GREP_MATCHES:
                    return "\n".join(lines) + "\n[more matches: narrow the pattern or path]"
        return "\n".join(lines) or "(no match)"
