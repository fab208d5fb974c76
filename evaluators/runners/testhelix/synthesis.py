"""Heterogeneous synthesis (paper Section 3.1, Appendix C.1): direction planning, then K
test-and-repair pairs with distinct branch strategies, each refined with execution
feedback until it is internally consistent or its steps run out."""

from __future__ import annotations

from evaluators.runners.testhelix.context import program_budget, program_text, strategy_text
from evaluators.runners.testhelix.execution import cut, render_files
from evaluators.runners.testhelix.model import Answer
from evaluators.runners.testhelix.prompts import prompt
from evaluators.runners.testhelix.session import Pair, Session
from evaluators.runners.testhelix.signatures import (
    DirectionPlan,
    PairDraft,
    PlanDirections,
    WritePair,
)
from search_space import Component

# Fixed branch strategies for the peers (the planned direction guides the first pair).
BRANCH_STRATEGIES: tuple[str, ...] = (
    "requirements-first: one test per stated requirement, in the order the text gives them",
    "edge cases: empty, single, boundary and maximal inputs the requirement names or implies",
    "error contracts: invalid input, documented failures and what must not change on failure",
    "state and sequences: repeated calls, ordering of operations, state after each step",
    "adversarial: plausible wrong implementations the requirement rules out, and how to catch them",
)
GENERATION_MAX_TOKENS = 8_192
MAX_MALFORMED_STREAK = 2  # consecutive malformed replies that end a pair's round


def plan_directions(session: Session, count: int) -> list[str]:
    """One direction per pair: the planned one first, then the fixed branch strategies."""
    strategy, task = session.strategy, session.task
    shown = strategy_text(strategy, task, Component.PLANNING)
    instructions = prompt("planning").format(count=count)
    budget = program_budget(strategy, instructions, task.instruction, shown.text)
    plan = session.model.ask(
        "planning",
        PlanDirections,
        max_tokens=GENERATION_MAX_TOKENS,
        brief=instructions,
        requirement=task.instruction,
        program=program_text(task, budget),
        strategy=shown.text,
    )
    planned = [f"{d.name}: {d.focus}" for d in plan.directions] if plan else []
    assert plan is None or isinstance(plan, DirectionPlan)
    directions = (planned[:1] + list(BRANCH_STRATEGIES[1:])) if planned else list(BRANCH_STRATEGIES)
    session.phases.append(
        {"phase": "planning", "planned": len(planned), "lessons": list(shown.lessons)}
    )
    return [directions[i % len(directions)] for i in range(count)]


def _previous(session: Session, pair: Pair, feedback: str) -> str:
    """The pair as it stands and what executing it showed, for a refinement turn, and
    what was wrong with the pair's last reply when it did not parse."""
    if pair.draft is None:
        return pair.correction
    limit = session.strategy.tool_output_chars
    parts = [
        "Current tests:\n" + render_files(pair.tests, limit),
        "Current repair:\n" + render_files(pair.repair, limit),
    ]
    for check in (pair.initial, pair.own):
        if check is not None:
            parts.append(f"On the {check.target} program: {check.outcome.value}\n{check.visible}")
    if feedback:
        parts.append(feedback)
    if pair.correction:
        parts.append(pair.correction)
    return "\n\n".join(parts)


def checkpoint(pair: Pair) -> str:
    """The host's execution checkpoint of a pair (lesson retrieval, paper C.3.1): what its
    last consistency check showed on the initial program and on its own repair."""
    return "\n".join(
        f"on the {check.target} program: {check.outcome.value}\n{check.visible}"
        for check in (pair.initial, pair.own)
        if check is not None
    )


def write_pair(session: Session, pair: Pair, *, template: str, feedback: str = "") -> bool:
    """One agent step: a new draft of the pair; False when the model gave nothing usable."""
    strategy, task = session.strategy, session.task
    component = Component.GENERATION if pair.draft is None else Component.REPAIR
    shown = strategy_text(
        strategy, task, component, checkpoint=checkpoint(pair), opening=pair.draft is None
    )
    instructions = prompt("generation").format(direction=pair.direction)
    if pair.draft is not None:
        instructions += "\n\n" + prompt(template)
    previous = _previous(session, pair, feedback)
    budget = program_budget(strategy, instructions, task.instruction, shown.text, previous)
    pair.steps_used += 1
    answer = session.model.answer(
        component.value,
        WritePair,
        max_tokens=GENERATION_MAX_TOKENS,
        brief=instructions,
        requirement=task.instruction,
        program=program_text(task, budget),
        strategy=shown.text,
        previous=previous,
    )
    return _take(session, pair, answer)


def _take(session: Session, pair: Pair, answer: Answer) -> bool:
    """Adopt a draft, or note why there is none: a malformed reply is shown to the next
    step; two in a row, or an answer the pair already had, halt the pair for the round."""
    if answer.repeated:
        _halt(session, pair, "same question, same answer: no progress")
        return False
    if isinstance(answer.value, PairDraft):
        pair.draft = answer.value
        pair.version += 1
        pair.malformed_streak, pair.correction = 0, ""
        return True
    if answer.failure == "malformed":
        pair.malformed_streak += 1
        pair.correction = (
            f"Your last reply could not be used: {answer.message}\n"
            f"It began:\n{cut(answer.reply, session.strategy.tool_output_chars)}\n"
            "Answer again, in the required output format."
        )
        if pair.malformed_streak >= MAX_MALFORMED_STREAK:
            _halt(session, pair, f"{MAX_MALFORMED_STREAK} consecutive malformed replies")
    return False


def _halt(session: Session, pair: Pair, reason: str) -> None:
    pair.halt(reason)
    session.phases.append({"phase": "pair-halted", "pair": pair.index, "reason": reason})


def check_consistency(session: Session, pair: Pair) -> None:
    """Fail on the initial program, pass on the pair's own repair, both reproducibly."""
    bench = session.bench
    pair.initial = session.record_check(pair, bench.check(pair.tests, None, "initial"))
    pair.own = session.record_check(pair, bench.check(pair.tests, pair.repair, "own"))


def refine_until_consistent(session: Session, pair: Pair, *, round_number: int) -> None:
    """Check, and refine with execution feedback while inconsistent and steps remain.

    `repairSteps` bounds refinements per round, `agentSteps` the pair's model steps per
    round (the first draft included).
    """
    strategy = session.strategy
    budget = pair.round_steps_base + strategy.agent_steps
    refinements = 0
    while pair.draft is not None:
        check_consistency(session, pair)
        if pair.consistent or refinements >= strategy.repair_steps:
            break
        if pair.steps_used >= budget or pair.halted:
            break
        refinements += 1
        if not write_pair(session, pair, template="refinement"):
            continue
    session.phases.append(
        {
            "phase": "pair",
            "pair": pair.index,
            "round": round_number,
            "steps": pair.steps_used,
            "refinements": refinements,
            "consistent": pair.consistent,
            "tests": [f.path for f in pair.tests] if pair.draft else [],
            "repair_files": len(pair.repair) if pair.draft else 0,
        }
    )


def develop_pairs(session: Session, count: int, *, round_number: int) -> None:
    """Start `count` new pairs (all in this round) and make each consistent if it can be."""
    directions = plan_directions(session, count) if not session.pairs else None
    for offset in range(count):
        index = len(session.pairs)
        direction = (
            directions[offset] if directions else BRANCH_STRATEGIES[index % len(BRANCH_STRATEGIES)]
        )
        pair = Pair(index=index, direction=direction)
        session.pairs.append(pair)
        while (
            pair.draft is None
            and pair.steps_used < session.strategy.agent_steps
            and pair.halted is None
        ):
            write_pair(session, pair, template="generation")
        refine_until_consistent(session, pair, round_number=round_number)
