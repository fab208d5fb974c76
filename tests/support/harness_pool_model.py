"""A deterministic stand-in model for the harness, served over HTTP by `llm_server.py`.

It plays the model, so it may read what a real model would have learnt: the task's author
pool (tests) and reference (the repair). It finds the task by its requirement text in the
request, answers in dspy's ChatAdapter format (`[[ ## field ## ]]` sections), and lets the
strategy text matter: a routed skill adds the pool's items of that skill's technique.
`clamp-range` (the fixture task without an author pool) is answered from
`tests/support/harness_model.py`'s script.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import tomllib
from pydantic import BaseModel

from evaluators.runners.testhelix.signatures import (
    ChallengeRepairs,
    ChallengeTests,
    Direction,
    DirectionPlan,
    PairDraft,
    PlanDirections,
    Review,
    ReviewSuite,
    SourceFile,
    WritePair,
)
from evaluators.tasks import TaskSet
from evaluators.tasks.author_pool import SKILL_TECHNIQUE
from tests.support import harness_model
from tests.support.llm_server import Responder

_SECTION = re.compile(r"\[\[ ## (\w+) ## \]\]\n(.*?)(?=\n\n\[\[ ## |\n\nRespond with|\Z)", re.S)
SIGNATURES = {
    "plan": PlanDirections,
    "pair": WritePair,
    "review": ReviewSuite,
    "challenge": ChallengeRepairs,
}


def request_inputs(body: dict[str, Any]) -> tuple[str, dict[str, str]]:
    """(output field, inputs by name) of a ChatAdapter request (OpenAI or Anthropic shape)."""
    messages = body.get("messages", [])
    system = body.get("system") or next(
        (m["content"] for m in messages if m.get("role") == "system"), ""
    )
    if isinstance(system, list):
        system = "".join(part.get("text", "") for part in system)
    wanted = re.search(r"Your output fields are:\n1\. `(\w+)`", str(system))
    assert wanted, "not a ChatAdapter request"
    users = [m for m in messages if m.get("role") == "user"]
    content = users[0]["content"]
    if isinstance(content, list):
        content = "".join(part.get("text", "") for part in content)
    inputs = {name: value for name, value in _SECTION.findall(str(content))}
    return wanted.group(1), inputs


def _is_optimizer_session(body: dict[str, Any]) -> bool:
    """A reflective session offers its final tool (tests/support/optimizer_model.py)."""
    names = {t.get("name") or t["function"]["name"] for t in body.get("tools", [])}
    return bool(names & {"choose_parent", "propose_edit", "record_insight"})


def render(field: str, value: BaseModel) -> str:
    return f"[[ ## {field} ## ]]\n{value.model_dump_json()}\n\n[[ ## completed ## ]]"


class PoolModel:
    """Responder for `LocalLlmServer`: answers every harness question for a task set."""

    def __init__(self, tasks: TaskSet, optimizer: Responder | None = None) -> None:
        self._tasks = {task.public().instruction.strip(): task for task in tasks.tasks}
        self.requests: list[tuple[str, dict[str, str]]] = []
        self.optimizer = optimizer  # answers the reflective proposer's sessions

    def __call__(self, body: dict[str, Any]) -> str:
        if self.optimizer is not None and _is_optimizer_session(body):
            return self.optimizer(body)
        field, inputs = request_inputs(body)
        self.requests.append((field, inputs))
        task = self._tasks.get(inputs.get("requirement", "").strip())
        if task is None or not (task.author_dir / "pool.toml").is_file():
            return render(field, harness_model.answer(SIGNATURES[field], inputs))
        return render(field, self._answer(task, field, inputs))

    def _answer(self, task: Any, field: str, inputs: dict[str, str]) -> BaseModel:
        if field == "plan":
            return DirectionPlan(directions=[Direction(name="contract", focus="each clause")])
        if field == "review":
            return Review(findings=[], covered=[])
        if field == "challenge":
            return ChallengeTests(tests=[])
        return self._pair(task, inputs.get("strategy", ""))

    @staticmethod
    def _pair(task: Any, strategy: str) -> PairDraft:
        pool = tomllib.loads((task.author_dir / "pool.toml").read_text())
        # A routed skill is loaded whole into the turn ("Specialist skill NAME, loaded ...").
        loaded = {s for s in SKILL_TECHNIQUE if f"Specialist skill {s}, loaded" in strategy}
        routed = {SKILL_TECHNIQUE[s].value for s in loaded}
        tests = []
        for item in pool.get("item", []):
            if item.get("flaw", "none") != "none":
                continue
            if item.get("technique") != "basic" and item.get("technique") not in routed:
                continue
            path = Path(item["file"])
            tests.append(SourceFile(path=path.name, content=(task.author_dir / path).read_text()))
        repair = [
            SourceFile(path=str(p.relative_to(task.solution_dir)), content=p.read_text())
            for p in sorted(task.solution_dir.rglob("*"))
            if p.is_file() and "__pycache__" not in p.parts
        ]
        return PairDraft(tests=tests[:12], repair=repair[:12])
