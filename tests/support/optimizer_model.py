"""A stand-in for the reflective proposer's model, served by `tests/support/llm_server.py`.

It answers the three sessions in dspy's ChatAdapter format; the n-th selection/revision
pair edits the n-th field of `EDITS`. `hold_at` holds that request (never answering it)
until a test has killed the search that sent it.
"""

from __future__ import annotations

import json
import threading
from typing import Any

EDITS = (
    ("contextTokens", {"op": "set_scalar", "field": "contextTokens", "value": 24000}),
    ("agentSteps", {"op": "set_scalar", "field": "agentSteps", "value": 14}),
    ("maxRounds", {"op": "set_scalar", "field": "maxRounds", "value": 3}),
    ("toolOutputChars", {"op": "set_scalar", "field": "toolOutputChars", "value": 14000}),
    ("repairSteps", {"op": "set_scalar", "field": "repairSteps", "value": 7}),
)
# Routing the general context to error-contracts: the pool model then adds the error items
# a technique-gated task's bug needs (tests/support/harness_pool_model.py), where no scalar helps.
ROUTE_EDITS = (
    (
        "skillRoutes",
        {"op": "set_route", "context": "general", "skill": "error-contracts"},
    ),
)


def _reply(name: str, value: dict[str, Any]) -> str:
    return f"[[ ## {name} ## ]]\n{json.dumps(value)}\n\n[[ ## completed ## ]]"


class Optimizer:
    """Answers the three sessions; the n-th selection/revision pair edits the n-th field.

    `hold_at` holds that request (never answering it) until the test has killed the search.
    """

    def __init__(
        self,
        hold_at: int | None = None,
        edits: tuple[tuple[str, dict[str, Any]], ...] = EDITS,
    ) -> None:
        self.edits = edits
        self.requests: list[str] = []
        self.answered = 0
        self.hold_at = hold_at
        self.holding = threading.Event()
        self.release = threading.Event()
        self._lock = threading.Lock()

    def __call__(self, body: dict[str, Any]) -> str:
        text = json.dumps(body)
        with self._lock:
            self.requests.append(text)
            seen = len(self.requests)
        if seen == self.hold_at:
            self.holding.set()
            self.release.wait(120)
            raise ConnectionAbortedError("held until the client was killed")
        system = body["messages"][0]["content"]
        turn = sum("`selection` (" in r for r in self.requests[:seen]) - 1
        field, edit = self.edits[turn % len(self.edits)]
        direction = "raise" if edit["op"] == "set_scalar" else "add"
        if "`selection` (" in system:
            answer = _reply(
                "selection",
                {"field": field, "direction": direction, "focus": field, "reason": "traces"},
            )
        elif "`revision` (" in system:
            answer = _reply(
                "revision", {"edit": edit, "rationale": f"raise {field}", "evidence": []}
            )
        else:
            insight = {"text": f"raising {field} was screened", "evidence": []}
            answer = _reply("notebook", {"insights": [insight]})
        with self._lock:
            self.answered += 1
        return answer
