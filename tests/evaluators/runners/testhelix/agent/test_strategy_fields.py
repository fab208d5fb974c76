"""The strategy's fields do what seed 000 says (issue 49), through the real client path
against the local server and the scripted tool-using model (tests/support/agent_model.py):
- an opening turn carries at most two lessons within 1,600 characters, planning at most
  1,200; no lesson twice;
- an empty route loads no skill (loading is left to the agent's `load_skill`);
- no differential challenge fires when one of the two suites was not approved, and at
  most one challenge step runs per task;
- the execution-positive fallback is the candidate workflow of every pair's prompt;
- every turn shows the task's remaining budget, smaller in turn n+1 than in turn n, and a
  re-run still replays every turn from the cache.
"""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path
from typing import Any

import pytest

from evaluators.runners.base import RunnerResult
from evaluators.runners.testhelix.prompts import agent_prompt, candidate_workflow
from evaluators.sandbox import LocalSandbox
from evaluators.tasks import TaskSet
from search_space import Component, Lesson, Strategy
from tests.support.agent_model import (
    CHALLENGE,
    REVISED,
    SLUGIFY,
    SUITE_ENTRY,
    AgentModel,
    Plan,
    challenge_plan,
    digitless_repair,
    review_plan,
    slugify_plan,
    with_case,
)
from tests.support.agent_runs import BLOCKING, phases, run_slugify
from tests.support.llm_server import LocalLlmServer

ONE = Strategy(initialCandidates=1, maxCandidates=1)
BUDGET = re.compile(
    r"Remaining budget \(shared by every session of this task\): (\d+) model calls, "
    r"([\d,]+) input and ([\d,]+) output tokens, (\d+) s\. "
    r"Your tool calls left in this session: (\d+)\."
)


@pytest.fixture(scope="module")
def polyglot() -> TaskSet:
    return TaskSet.load(SLUGIFY.parent)


def _run(
    sandbox: LocalSandbox,
    tasks: TaskSet,
    tmp_path: Path,
    model: AgentModel,
    strategy: Strategy,
    configuration: str = "single",
    cache: Path | None = None,
) -> tuple[RunnerResult, LocalLlmServer]:
    return run_slugify(sandbox, tasks, tmp_path, model, strategy, configuration, cache)


def _text(body: dict[str, Any]) -> str:
    return "\n".join(str(m.get("content") or "") for m in body.get("messages", []))


def _lesson(name: str, component: Component | None, letter: str) -> Lesson:
    return Lesson(id=name, triggers=("slug",), text=letter * 600, component=component)


def test_an_opening_turn_carries_at_most_two_lessons_within_1600_and_planning_1200(
    bwrap_sandbox: LocalSandbox, polyglot: TaskSet, tmp_path: Path
) -> None:
    # Four preparation, two generation and one unscoped lesson all apply to the opening
    # turn (each renders to about 790 characters); planning may take one.
    lessons = (
        *(_lesson(f"prep-{i}", Component.PREPARATION, "p") for i in range(4)),
        *(_lesson(f"gen-{i}", Component.GENERATION, "g") for i in range(2)),
        _lesson("any", None, "a"),
        Lesson(id="plan", triggers=("slug",), text="q" * 300, component=Component.PLANNING),
    )
    strategy = ONE.model_copy(update={"lessons": lessons})
    result, server = _run(bwrap_sandbox, polyglot, tmp_path, AgentModel(slugify_plan()), strategy)
    (pair,) = phases(result, "agent-pair")
    assert pair["lessons"] == ["prep-0", "prep-1"]
    by_id = {lesson.id: lesson for lesson in lessons}
    first = next(b for b in server.requests if "tools" in b)
    shown = [lesson for lesson in lessons if f"Lesson {lesson.id}\n" in _text(first)]
    assert [x.id for x in shown] == ["prep-0", "prep-1"]
    assert sum(len(by_id[x.id].render()) for x in shown) <= 1600
    assert _text(first).count("Lesson prep-0\n") == 1
    # Planning's two applicable lessons (about 790 and 490 characters) would fit in 1,600
    # but not in planning's 1,200: the first in strategy order is all it gets.
    (planning,) = phases(result, "planning")
    assert planning["lessons"] == ["any"]
    assert len(by_id["any"].render()) + len(by_id["plan"].render()) > 1200


def test_an_empty_route_loads_no_skill_and_leaves_loading_to_the_agent(
    bwrap_sandbox: LocalSandbox, polyglot: TaskSet, tmp_path: Path
) -> None:
    result, server = _run(bwrap_sandbox, polyglot, tmp_path, AgentModel(slugify_plan()), ONE)
    turns = [b for b in server.requests if "tools" in b]
    assert turns and not any("Specialist skill" in _text(b) for b in turns)
    assert all("load_skill" in json.dumps(b["tools"]) for b in turns)
    assert phases(result, "agent-pair")[0]["skill"] is None


def test_no_challenge_fires_when_one_of_the_two_suites_was_not_approved(
    bwrap_sandbox: LocalSandbox, polyglot: TaskSet, tmp_path: Path
) -> None:
    # Pair 1's repair passes pair 0's approved suite, but pair 1's own suite (marked so
    # its reviewer reports a verified blocking finding) is not approved: no challenge.
    rejected = slugify_plan(repair=digitless_repair())
    rejected[2] = ("write_file", {"path": "tests/run.sh", "content": SUITE_ENTRY + REVISED})
    model = AgentModel(
        slugify_plan(),
        review_plan(),
        plans={1: rejected},
        review_revised=review_plan(BLOCKING),
        challenge=challenge_plan(with_case("Route 66", "route-66")),
    )
    two = Strategy(initialCandidates=2, maxCandidates=2, repairSteps=6)
    result, server = _run(bwrap_sandbox, polyglot, tmp_path, model, two, "peer-cross-validation")
    reviews = [(r["pair"], r["approved"]) for r in phases(result, "agent-review")][:2]
    assert reviews == [(0, True), (1, False)]
    assert result.trace.phases and phases(result, "cross-execution")[0]["matrix"]["0->1"]
    assert phases(result, "agent-challenge") == []
    assert not any(CHALLENGE in json.dumps(b) for b in server.requests)


def test_at_most_one_challenge_step_runs_per_task(
    bwrap_sandbox: LocalSandbox, polyglot: TaskSet, tmp_path: Path
) -> None:
    # Three approved pairs with three distinct repairs; the first challenge separates 0
    # from the digitless 1, which leaves 0 and 2 (same behaviour, other code) undistinguished
    # after round 2: a second challenge would be due, but the task's one step is spent.
    # Each pair writes its suite and repair and submits (4 calls), so that the task's
    # 48 shared calls cover three pairs, their reviews and the challenge.
    def short(repair: str | None = None) -> Plan:
        return [slugify_plan(repair)[step] for step in (2, 3, 5, 10)]

    reference = (SLUGIFY / "solution/slugify.sh").read_text()
    model = AgentModel(
        short(),
        plans={1: short(digitless_repair()), 2: short(reference + "# another repair\n")},
        challenge=challenge_plan(with_case("Route 66", "route-66")),
    )
    three = Strategy(initialCandidates=3, maxCandidates=3, maxRounds=3, repairSteps=6)
    result, _ = _run(bwrap_sandbox, polyglot, tmp_path, model, three, "peer-cross-validation")
    (challenge,) = phases(result, "agent-challenge")
    assert challenge["repairs"] == [0, 1] and challenge["kept"] is True
    matrices = [p["matrix"] for p in phases(result, "cross-execution")]
    assert len(matrices) == 2 and matrices[1]["0->2"] and not matrices[1]["0->1"]
    assert result.trace.phases[-1]["reason"] == "converged in round 2"


def test_the_execution_positive_fallback_is_every_pairs_candidate_workflow(
    bwrap_sandbox: LocalSandbox, polyglot: TaskSet, tmp_path: Path
) -> None:
    fallback, plain = candidate_workflow(), candidate_workflow(fallback=False)
    assert fallback != plain and "execution-first" in fallback
    assert "{candidate_workflow}" in agent_prompt()
    _, server = _run(bwrap_sandbox, polyglot, tmp_path, AgentModel(slugify_plan()), ONE)
    system = next(b for b in server.requests if "tools" in b)["messages"][0]["content"]
    assert fallback in system and plain not in system


def _budgets(bodies: list[dict[str, Any]]) -> list[tuple[int, ...]]:
    found = []
    for body in bodies:
        match = BUDGET.fullmatch(body["messages"][-1]["content"])
        assert match is not None, body["messages"][-1]
        found.append(tuple(int(group.replace(",", "")) for group in match.groups()))
    return found


def test_the_remaining_budget_shown_in_turn_n_plus_1_is_smaller_than_in_turn_n(
    bwrap_sandbox: LocalSandbox, polyglot: TaskSet, tmp_path: Path
) -> None:
    model = AgentModel(slugify_plan())
    _, server = _run(bwrap_sandbox, polyglot, tmp_path, model, ONE)
    turns = [b for b in server.requests if "tools" in b]
    budgets = _budgets(turns)
    assert len(budgets) == 11
    # The planning question spent a call before the first turn: 48 - 1 left.
    assert budgets[0][0] == 47 and budgets[0][4] == ONE.agent_steps
    for before, after in itertools.pairwise(budgets):
        calls, tokens_in, tokens_out, seconds, steps = (
            a - b for a, b in zip(before, after, strict=True)
        )
        assert calls == 1 and steps == 1 and tokens_in > 0 and tokens_out > 0
        assert seconds >= 0
    # The note is left out of the replies' keys: a re-run replays every turn.
    again, replay = _run(
        bwrap_sandbox, polyglot, tmp_path / "again", model, ONE, cache=tmp_path / "cache"
    )
    assert replay.requests == [] and again.submission is not None
