"""A task's `trace/` folder in the workspace: its trajectory (what the agents saw), rendered
as text a session can page with `read_file` and search with `grep`.

- `tool_output.txt`: the runner's tool output, as the runner saw it (cut by the
  strategy's `toolOutputChars`, never cut again here);
- `transcripts/<nn>-<phase>[-pair<i>][-round<r>].md`: one file per agent session (a pair,
  a review, a feedback or challenge turn): per turn the model's text, each tool call's
  full arguments (a written test file whole, a command) and its output exactly as the
  model was shown it, what the host said next and why the turn ended;
- `phases.json` the phases' facts without their transcripts, and one `<key>.json` per
  other part (checks, usage, error, the judge's public outcome in `judge.json`);
- where the trajectory is missing (deleted, or from a run before trajectories), the
  folder says so in `trajectory-missing.md` and holds the journal's copy instead.
Rendering is a pure function of the trajectory (sorted keys, fixed order), so the same
context writes the same bytes.
"""

from __future__ import annotations

import json
import re
from typing import Any

MISSING = """# No trajectory for this task

Its trajectory file is missing (deleted, or the evaluation ran before trajectories were
kept), so this folder holds the journal's copy of the trace: metadata only (steps, tools,
arguments cut to 200 characters, output sizes), no tool output and no model text.
"""
_SAFE = re.compile(r"[^A-Za-z0-9._-]+")


def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, indent=1, ensure_ascii=False, default=str) + "\n"


def trace_files(folder: str, trace: dict[str, Any], trajectory: dict[str, Any] | None) -> dict:
    """The files of a task's `trace/` folder (see the module docstring)."""
    if trajectory is None:
        files = {f"{folder}/trajectory-missing.md": MISSING}
        files.update({f"{folder}/{_name(k)}.json": _json(v) for k, v in sorted(trace.items())})
        return files
    files = {}
    for key, value in sorted(trajectory.items()):
        if key == "tool_output":
            if value:
                files[f"{folder}/tool_output.txt"] = str(value)
        elif key == "phases" and isinstance(value, list):
            files[f"{folder}/phases.json"] = _json([_facts(phase) for phase in value])
            files.update(_transcripts(folder, value))
        else:
            files[f"{folder}/{_name(key)}.json"] = _json(value)
    return files


def _name(text: str) -> str:
    return _SAFE.sub("_", text)[:120] or "_"


def _facts(phase: Any) -> Any:
    if not isinstance(phase, dict):
        return phase
    return {k: v for k, v in phase.items() if k != "transcript"}


def _transcripts(folder: str, phases: list[Any]) -> dict[str, str]:
    files = {}
    for index, phase in enumerate(phases):
        if not isinstance(phase, dict) or not isinstance(phase.get("transcript"), list):
            continue
        label = str(phase.get("phase", "phase"))
        for key in ("pair", "round", "version"):
            if key in phase:
                label += f"-{key}{phase[key]}"
        files[f"{folder}/transcripts/{index:02d}-{_name(label)}.md"] = _session_text(label, phase)
    return files


def _session_text(label: str, phase: dict[str, Any]) -> str:
    turns = phase["transcript"]
    lines = [f"# {label}: {len(turns)} turns, stop: {phase.get('stop', '')}", ""]
    for turn in turns:
        if "failure" in turn:
            lines += [f"## failed turn: {turn['failure']}: {turn.get('message', '')}", ""]
            continue
        lines += [f"## turn {turn.get('turn')}", "model text:", turn.get("text") or "(none)", ""]
        for call in turn.get("calls", ()):
            refused = " (refused)" if call.get("refused") else ""
            lines += [f"### step {call.get('step')}: {call.get('tool')}{refused}", "arguments:"]
            lines += _arguments(call.get("arguments"))
            lines += ["output (as the model was shown it):", str(call.get("output", "")), ""]
        lines.append(f"(turn ended: {turn.get('ended', '')})")
        for said in turn.get("then", ()):
            lines += ["the host then said:", str(said)]
        lines.append("")
    return "\n".join(lines) + "\n"


def _arguments(arguments: Any) -> list[str]:
    if not isinstance(arguments, dict) or not arguments:
        return ["(none)"]
    lines = []
    for key, value in sorted(arguments.items()):
        if isinstance(value, str) and ("\n" in value or len(value) > 80):
            lines += [f"{key}:", value.rstrip("\n")]
        else:
            lines.append(f"{key}: {json.dumps(value, ensure_ascii=False, default=str)}")
    return lines
