"""The offline `heuristic` proposer: diagnose failing training tasks from their traces.

Signals, per failing task, read from the runner's trace (missing keys mean no signal):
- clauses left unread and nothing caught         -> raise contextTokens (tasks that passed
                                                    with clauses unread add a little weight:
                                                    the context is tight everywhere)
- nothing caught with basic techniques only       -> route the context to a generation skill,
                                                    or add a lesson (triggers from public
                                                    task text) or guidance naming a technique;
                                                    discounted while that task's clauses went
                                                    unread, since a skill's text takes context
                                                    the task already lacks
- the reference rejected the suite (broken tests) -> raise toolOutputChars (output was cut),
                                                    repairSteps (repairs ran out) or
                                                    reviewMaxOutputTokens (review ran short)
- items skipped for lack of steps                -> raise agentSteps
- rounds ran out with clauses still uncaught     -> raise maxRounds
An edit that was rejected, kept, or cost a regression is never proposed again. One that
screened neutral (no gain, no regression) may return when new evidence calls for it, at
NEUTRAL_RETRY of its score per earlier try: six tasks are weak evidence of no effect.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from rsi.proposers.base import ProposalContext, TaskFeedback
from rsi.proposers.triggers import trigger_words
from search_space import Context, Lesson, canonical_json, counted

# Skills worth trying per context, most likely first (domain knowledge, not task data).
CONTEXT_SKILLS: dict[str, tuple[str, ...]] = {
    Context.GENERAL.value: ("boundary-inputs", "error-contracts"),
    Context.ALGORITHM.value: ("invariants", "differential-oracle", "boundary-inputs"),
    Context.FRAMEWORK.value: ("framework-contracts", "error-contracts"),
    Context.STATEFUL.value: ("stateful-sequences", "boundary-inputs"),
    Context.PERFORMANCE.value: ("performance-budgets", "boundary-inputs"),
    Context.CLI.value: ("cli-output", "error-contracts"),
    Context.VISUAL.value: ("text-rendering", "boundary-inputs"),
}
# Sentences whose words the scripted runner (and a human reader) take as technique cues.
TECHNIQUE_SENTENCES: dict[str, str] = {
    "boundary-inputs": "Cover boundary cases: empty input, single items and off-by-one limits.",
    "error-contracts": "Check the error contract: the documented exception for invalid input.",
    "invariants": "State an invariant property of every valid output and check it widely.",
    "stateful-sequences": "Drive a sequence of calls and check each state transition.",
    "cli-output": "Run the command line program as a subprocess; check exit code and stderr.",
    "performance-budgets": "Include a large input that exposes quadratic complexity.",
    "framework-contracts": "Exercise every hook the framework exposes, as a plugin author would.",
    "differential-oracle": "Compare results with a brute force oracle written in the test.",
    "text-rendering": "Check rendering details: alignment, widths and layout of every line.",
}


CONTEXT_PRESSURE_WEIGHT = 0.25  # per task that passed although it left clauses unread
SPECIALIST_UNDER_PRESSURE = 0.4  # a skill or lesson text costs context an unread task lacks
NEUTRAL_RETRY = 0.5
FURTHER_STEP = 0.8


@dataclass(frozen=True)
class Suggestion:
    field: str
    edit: dict[str, Any]
    score: float
    rationale: str


def _phase(trace: dict[str, Any], name: str) -> list[dict[str, Any]]:
    return [p for p in trace.get("phases", []) if p.get("phase") == name]


def _edit_key(edit: dict[str, Any]) -> str:
    return canonical_json(edit)


def _higher_values(context: ProposalContext, field: str) -> list[int]:
    if field not in context.space.mutable_scalars:
        return []
    current = context.parent.field_value(field)
    return [v for v in context.space.allowed_values(field) if v > current]


def _scalar(
    context: ProposalContext, field: str, count: float, why: str, weight: float = 1.0
) -> Iterable[Suggestion]:
    """Raise `field`: the next value first, each further step at FURTHER_STEP of the score
    (so when the next value was ruled out, the step after it is still on the table)."""
    if count < 1:
        return
    for step, value in enumerate(_higher_values(context, field)):
        edit = {"op": "set_scalar", "field": field, "value": value}
        score = count * weight * FURTHER_STEP**step
        yield Suggestion(
            field, edit, score, f"{count:g} failing task{'' if count == 1 else 's'}: {why}"
        )


def _unread(task: TaskFeedback) -> bool:
    planning = (_phase(task.trace, "planning") or [{}])[0]
    return bool(planning.get("clauses_read", 0) < planning.get("clauses_total", 0))


def _technique_suggestions(
    context: ProposalContext, starved: dict[str, list[TaskFeedback]]
) -> Iterable[Suggestion]:
    parent = context.parent
    for ctx, tasks in sorted(starved.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        # How much a specialist can help: full weight per task that read all its clauses.
        weight = sum(SPECIALIST_UNDER_PRESSURE if _unread(t) else 1.0 for t in tasks)
        route = parent.route_for(Context(ctx))
        for skill in CONTEXT_SKILLS[ctx]:
            if route is not None and route.skill == skill:
                continue
            edit = {"op": "set_route", "context": ctx, "skill": skill}
            yield Suggestion(
                "skillRoutes",
                edit,
                1.0 * weight,
                f"{counted(len(tasks), f'{ctx} task')} caught nothing",
            )
            words = trigger_words(t.instruction for t in tasks)
            lesson_id = f"{ctx}-{skill}"
            if words and lesson_id not in {les.id for les in parent.lessons}:
                lesson = Lesson(
                    id=lesson_id,
                    triggers=tuple(words),
                    text=(
                        f"Applies when the task mentions {', '.join(words)}. "
                        f"Action: {TECHNIQUE_SENTENCES[skill]} "
                        "Verification: at least one new test fails on the initial program."
                    ),
                    component="generation",
                    capabilities=(skill,),
                )
                yield Suggestion(
                    "lessons",
                    {"op": "add_lesson", "lesson": lesson.to_json_dict()},
                    0.8 * weight,
                    f"lesson for {counted(len(tasks), f'{ctx} task')} that caught nothing",
                )
            sentence = TECHNIQUE_SENTENCES[skill]
            if sentence not in parent.guidance:
                text = f"{parent.guidance} {sentence}".strip()
                if len(text) <= 2400:
                    yield Suggestion(
                        "guidance",
                        {"op": "set_guidance", "text": text},
                        0.5 * weight,
                        f"guidance naming {skill} for {counted(len(tasks), f'{ctx} task')}",
                    )


def diagnose(context: ProposalContext) -> list[Suggestion]:
    """Every suggestion the evidence supports, best first; see the module doc on retries."""
    counts: defaultdict[str, float] = defaultdict(float)
    starved: dict[str, list[TaskFeedback]] = defaultdict(list)
    for task in context.feedback:
        if task.runner_error:
            continue
        if task.success:
            counts["context"] += CONTEXT_PRESSURE_WEIGHT * _unread(task)
            continue
        trace = task.trace
        planning = (_phase(trace, "planning") or [{}])[0]
        submit = (_phase(trace, "submit") or [{}])[-1]
        caught = submit.get("clauses_caught", [])
        if not caught and _unread(task):
            counts["context"] += 1
        if not caught and planning.get("techniques") == ["basic"]:
            starved[task.context].append(task)  # unread clauses or not, a specialist may help
        if task.reference_outcome != "pass":
            checks = trace.get("checks", [])
            if any(c.get("truncated") for c in checks):
                counts["output"] += 1
            if any(p.get("repair_steps_left") == 0 for p in _phase(trace, "repair")):
                counts["repair"] += 1
            review = (_phase(trace, "review") or [{}])[-1]
            if review.get("reviewed", 0) < review.get("of", 0):
                counts["review"] += 1
        if any(p.get("skipped_for_budget", 0) for p in _phase(trace, "generation")):
            counts["steps"] += 1
        rounds = _phase(trace, "generation")
        if not caught and rounds and len(rounds) >= context.parent.max_rounds:
            counts["rounds"] += 1
    suggestions = [
        *_scalar(context, "contextTokens", counts["context"], "clauses left unread"),
        *_scalar(context, "toolOutputChars", counts["output"], "broken tests hidden by cut output"),
        *_scalar(context, "repairSteps", counts["repair"], "repairs ran out"),
        *_scalar(context, "reviewMaxOutputTokens", counts["review"], "review ran short", 0.7),
        *_scalar(context, "agentSteps", counts["steps"], "items skipped for steps", 0.9),
        *_scalar(context, "maxRounds", counts["rounds"], "rounds ran out", 0.3),
        *_technique_suggestions(context, starved),
    ]
    retry: dict[str, float] = {}
    for past in context.history:
        if past.edit is not None:
            neutral = past.verdict == "screen-failed" and past.regressions == 0 and past.gain == 0
            key = _edit_key(past.edit)
            retry[key] = retry.get(key, 1.0) * (NEUTRAL_RETRY if neutral else 0.0)
    fresh = [
        replace(s, score=s.score * retry.get(_edit_key(s.edit), 1.0))
        for s in suggestions
        if s.field not in context.space.frozen
    ]
    fresh = [s for s in fresh if s.score > 0]
    return sorted(fresh, key=lambda s: -s.score)  # stable: ties keep diagnosis order
