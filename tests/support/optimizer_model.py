"""A scripted tool-using optimizer, served by `tests/support/llm_server.py`.

It plays the reflective proposer's three agent sessions, told apart by the final tool a
request offers (`choose_parent`, `propose_edit`, `record_insight`), each turn deciding from
the tool results the conversation already holds:
- session 0 reads dag.json, then chooses `parent(request)` (the rule's parent by default)
  and the round's field; after a refusal it chooses the rule's parent;
- diagnosis greps the minibatch's traces for `cause: <field>` and raises that field; with
  no such line (or once that edit was refused) it edits the n-th field of `edits` (n: round,
  attempt and refusals so far); `wrong_first` proposes an edit of a frozen field first and
  corrects it after the refusal; then submits;
- reflection reads verdict.json, records one insight and submits.
`hold_at` holds that request (never answering it) until a test has killed the search.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable
from typing import Any

from rsi.execution.evaluation import TRAJECTORY
from rsi.execution.trajectory import reference, trajectory_bytes
from rsi.journal import Evaluation
from tests.support.llm_server import ToolUse

EDITS = (
    ("contextTokens", {"op": "set_scalar", "field": "contextTokens", "value": 24000}),
    ("agentSteps", {"op": "set_scalar", "field": "agentSteps", "value": 14}),
    ("maxRounds", {"op": "set_scalar", "field": "maxRounds", "value": 3}),
    ("toolOutputChars", {"op": "set_scalar", "field": "toolOutputChars", "value": 14000}),
    ("repairSteps", {"op": "set_scalar", "field": "repairSteps", "value": 7}),
)
RAISED = {field: edit["value"] for field, edit in EDITS}
# Routing the general context to error-contracts: the pool model then adds the error items
# a technique-gated task's bug needs (tests/support/harness_pool_model.py), where no scalar helps.
ROUTE_EDITS = (
    (
        "skillRoutes",
        {"op": "set_route", "context": "general", "skill": "error-contracts"},
    ),
)
FROZEN_EDIT = {"op": "set_scalar", "field": "initialCandidates", "value": 2}
CAUSE = re.compile(r"cause: (\w+)")
SESSION_TOOLS = ("choose_parent", "propose_edit", "record_insight")


def offered(body: dict[str, Any]) -> set[str]:
    return {tool.get("name") or tool["function"]["name"] for tool in body.get("tools", [])}


def is_optimizer_session(body: dict[str, Any]) -> bool:
    return bool(offered(body) & set(SESSION_TOOLS))


def tool_outputs(body: dict[str, Any]) -> list[str]:
    """The tool results the conversation holds, oldest first (OpenAI format)."""
    return [str(m.get("content") or "") for m in body["messages"] if m.get("role") == "tool"]


def start_text(body: dict[str, Any]) -> str:
    return next(str(m["content"]) for m in body["messages"] if m.get("role") == "user")


def rule_parent(body: dict[str, Any]) -> str:
    found = re.search(r"would choose (\w+)", start_text(body))
    assert found, start_text(body)
    return found.group(1)


def _use(step: int, name: str, arguments: dict[str, Any]) -> ToolUse:
    return ToolUse(calls=((f"call_{step}", name, arguments),))


class Optimizer:
    """Responder for the three sessions; see the module docstring."""

    def __init__(
        self,
        hold_at: int | None = None,
        edits: tuple[tuple[str, dict[str, Any]], ...] = EDITS,
        *,
        parent: Callable[[dict[str, Any]], str] | None = None,
        wrong_first: bool = False,
    ) -> None:
        self.edits = edits
        self.parent = parent or rule_parent
        self.wrong_first = wrong_first
        self.requests: list[str] = []
        self.answered = 0
        self.hold_at = hold_at
        self.holding = threading.Event()
        self.release = threading.Event()
        self._lock = threading.Lock()

    def __call__(self, body: dict[str, Any]) -> str | ToolUse:
        with self._lock:
            self.requests.append(json.dumps(body))
            seen = len(self.requests)
        if seen == self.hold_at:
            self.holding.set()
            self.release.wait(120)
            raise ConnectionAbortedError("held until the client was killed")
        tools = offered(body)
        if "choose_parent" in tools:
            answer = self._selection(body)
        elif "propose_edit" in tools:
            answer = self._diagnosis(body)
        elif "record_insight" in tools:
            answer = self._reflection(body)
        else:
            answer = "ok"  # the preflight's one-word question
        with self._lock:
            self.answered += 1
        return answer

    def _index(self, body: dict[str, Any]) -> int:
        found = re.search(r"Round (\d+)(?:, attempt (\d+))?", start_text(body))
        assert found, start_text(body)
        return int(found.group(1)) - 1 + int(found.group(2) or 1) - 1

    def _selection(self, body: dict[str, Any]) -> ToolUse:
        outputs = tool_outputs(body)
        if not outputs:
            return _use(0, "read_file", {"path": "dag.json"})
        field = self.edits[self._index(body) % len(self.edits)][0]
        refused = outputs[-1].startswith("refused:")
        parent = rule_parent(body) if refused else self.parent(body)
        arguments = {"parent_id": parent, "field": field, "reason": "the DAG's best lineage"}
        return _use(len(outputs), "choose_parent", arguments)

    def _diagnosis(self, body: dict[str, Any]) -> ToolUse:
        outputs = tool_outputs(body)
        step = len(outputs)
        if step == 0:
            return _use(0, "grep", {"pattern": "cause: ", "path": "tasks"})
        if outputs[-1].startswith("accepted:"):
            return _use(step, "submit", {})
        cause = CAUSE.search(outputs[0])
        refusals = sum(out.startswith("refused:") for out in outputs[1:])
        if cause is not None and cause.group(1) in RAISED and refusals == int(self.wrong_first):
            field = cause.group(1)
            edit: dict[str, Any] = {"op": "set_scalar", "field": field, "value": RAISED[field]}
        else:  # no cause read, or its edit was refused: the next edit of the list
            field, edit = self.edits[(self._index(body) + refusals) % len(self.edits)]
        if self.wrong_first and step == 1:
            edit = FROZEN_EDIT
        arguments = {"edit": edit, "rationale": f"the traces point at {field}", "evidence": []}
        return _use(step, "propose_edit", arguments)

    def _reflection(self, body: dict[str, Any]) -> ToolUse:
        outputs = tool_outputs(body)
        step = len(outputs)
        if step == 0:
            return _use(0, "read_file", {"path": "verdict.json"})
        if step == 1:
            field = self.edits[self._index(body) % len(self.edits)][0]
            insight = {"text": f"editing {field} was screened", "evidence": []}
            return _use(1, "record_insight", insight)
        return _use(step, "submit", {})


def with_tool_output(
    data: Evaluation, record: dict[str, Any], line: str
) -> tuple[Evaluation, dict[str, Any]]:
    """An evaluation whose trajectory's tool output ends with `line` (the journal's copy,
    which holds no tool output, is unchanged but for the trajectory's new hash)."""
    whole = json.loads(record[TRAJECTORY])
    whole["tool_output"] = f"{whole.get('tool_output', '')}\n{line}\n"
    blob = trajectory_bytes(whole, whole["judge"])
    trace = {**data.trace, "trajectory": reference(blob)}
    return data.model_copy(update={"trace": trace}), {**record, TRAJECTORY: blob.decode()}
