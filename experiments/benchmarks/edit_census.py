"""Which single edits move which tasks? Prints, for every scalar value, every heuristic route
and every technique sentence as guidance, the tasks it wins and loses against its base
strategy (the initial one; for routes also the initial one with contextTokens 24,000).
A route is evaluated on its own context's tasks only, since it changes nothing elsewhere.
It also adds, one at a time, a generation lesson per skill that every task retrieves
(trigger "Requirements"), and ends with, per mutable field, the tasks its single edits
from the initial strategy win and lose (the landscape target: at least 5 of each).
Sandbox runs of identical (program, suite) pairs are replayed (landscape.MemoSandbox).

This is the evidence behind the heuristic proposer's ordering (README, "The offline world").
It evaluates about 3,000 (strategy, task) pairs: some 30-60 minutes on 2 cores. It prints its
per-field tally after the scalar fields and again after routes, guidance and lessons, and the
interaction grids in between, so a run stopped early still reports what it measured.

`--memo FILE` keeps the replayed sandbox runs across invocations (content-keyed, so a changed
corpus or author only reruns what changed).

Usage: python experiments/benchmarks/edit_census.py [--workers 2] [--tasks DIR] [--memo FILE]
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("MLFLOW_DISABLE_TELEMETRY", "true")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # the sibling landscape.py

from landscape import initial_strategy, offline_services  # noqa: E402

from rsi.execution import evaluate_one  # noqa: E402
from rsi.proposers.heuristic import CONTEXT_SKILLS, TECHNIQUE_SENTENCES  # noqa: E402
from search_space import (  # noqa: E402
    Lesson,
    SearchSpace,
    Strategy,
    apply,
    describe_edit,
    parse_edit,
)

Outcomes = dict[str, bool]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--tasks", type=Path, default=ROOT / "experiments/tasks")
    parser.add_argument("--memo", type=Path, default=None, help="Replay cache file.")
    args = parser.parse_args()
    services = offline_services(args.tasks)
    if args.memo is not None:
        services.sandbox.load(args.memo)  # type: ignore[attr-defined]
    tasks = services.tasks
    context_of = {t: tasks.get(t).public().context.value for t in tasks.ids}

    def outcomes(strategy: Strategy, ids: list[str]) -> Outcomes:
        with ThreadPoolExecutor(args.workers) as pool:
            evals = pool.map(lambda t: evaluate_one(services, strategy, t, "dev")[0], ids)
            return {e.task_id: e.success for e in evals}

    won: dict[str, set[str]] = {}
    lost: dict[str, set[str]] = {}

    def report(
        base: Outcomes, base_strategy: Strategy, edit: dict[str, object], field: str = ""
    ) -> None:
        ids = list(base)
        child = outcomes(apply(base_strategy, parse_edit(edit)), ids)
        wins = {t for t in ids if child[t] and not base[t]}
        losses = {t for t in ids if base[t] and not child[t]}
        if field:  # a single edit from the initial strategy
            won.setdefault(field, set()).update(wins)
            lost.setdefault(field, set()).update(losses)
        if args.memo is not None:  # keep what was run, should the census be stopped
            services.sandbox.save(args.memo)  # type: ignore[attr-defined]
        line = describe_edit(parse_edit(edit), limit=70)
        print(f"  {line:72} +{len(wins)} -{len(losses)}  (of {len(ids)})", flush=True)

    initial = initial_strategy()
    ids = list(tasks.ids)
    base = outcomes(initial, ids)
    print(f"initial strategy: {sum(base.values())} of {len(ids)} tasks")
    space = SearchSpace()
    print("scalar values, from the initial strategy:")
    for field in space.mutable_scalars:
        for value in space.allowed_values(field):
            if value != initial.field_value(field):
                edit = {"op": "set_scalar", "field": field, "value": value}
                report(base, initial, edit, field)
    tally(won, lost, space, "scalar fields")
    for first, second, values in INTERACTIONS:
        interaction(outcomes, initial, ids, (first, space.allowed_values(first)), (second, values))
    wider = apply(
        initial, parse_edit({"op": "set_scalar", "field": "contextTokens", "value": 24000})
    )

    def routes(label: str, strategy: Strategy, outcome: Outcomes) -> None:
        print(f"routes, from {label} (own context's tasks):")
        for context, skills in CONTEXT_SKILLS.items():
            own = {t: ok for t, ok in outcome.items() if context_of[t] == context}
            for skill in skills if own else ():
                edit = {"op": "set_route", "context": context, "skill": skill}
                report(own, strategy, edit, "skillRoutes" if strategy is initial else "")

    routes("initial", initial, base)
    print("guidance sentences, from the initial strategy:")
    for sentence in TECHNIQUE_SENTENCES.values():
        report(base, initial, {"op": "set_guidance", "text": sentence}, "guidance")
    print("one lesson every task retrieves, per skill, from the initial strategy:")
    for skill, sentence in TECHNIQUE_SENTENCES.items():
        lesson = Lesson(
            id=f"always-{skill}",
            triggers=("Requirements",),
            text=f"Action: {sentence}",
            component="generation",
            capabilities=(skill,),
        )
        edit = {"op": "add_lesson", "lesson": lesson.to_json_dict()}
        report(base, initial, edit, "lessons")
    tally(won, lost, space, "every field")
    routes("contextTokens 24000", wider, outcomes(wider, ids))
    if args.memo is not None:
        services.sandbox.save(args.memo)  # type: ignore[attr-defined]


def tally(
    won: dict[str, set[str]], lost: dict[str, set[str]], space: SearchSpace, what: str
) -> None:
    """Per field, the tasks its single edits from the initial strategy win and lose so far."""
    print(
        f"per field ({what}), tasks its single edits from the initial strategy win / lose "
        "(target 5+5):"
    )
    for field in space.mutable_fields:
        if field not in won and field not in lost:
            continue
        wins, losses = sorted(won.get(field, ())), sorted(lost.get(field, ()))
        verdict = "ok" if len(wins) >= 5 and len(losses) >= 5 else "below target"
        print(f"  {field:24} wins {len(wins):>3}  losses {len(losses):>3}  {verdict}")
        print(f"    won: {' '.join(wins)}")
        print(f"    lost: {' '.join(losses)}")


# Pairs of fields whose best values depend on each other in the scripted author: reading
# more clauses needs more steps; a third round writes items whose repairs need a budget;
# a long check output needs steps left to act on what it shows.
INTERACTIONS: tuple[tuple[str, str, tuple[int, ...]], ...] = (
    ("agentSteps", "contextTokens", (18000, 24000)),
    ("maxRounds", "repairSteps", (3, 5, 7)),
)


def interaction(
    outcomes: Callable[[Strategy, list[str]], Outcomes],
    initial: Strategy,
    ids: list[str],
    first_values: tuple[str, tuple[int, ...]],
    second_values: tuple[str, tuple[int, ...]],
) -> None:
    """Print successes over the grid of two fields' values (the others initial), each row's
    best value of `first`, and the tasks where changing `first` helps at one value of
    `second` but not at another: evidence that the two interact."""
    (first, firsts), (second, seconds) = first_values, second_values
    grid: dict[tuple[int, int], Outcomes] = {}
    for b in seconds:
        for a in firsts:
            strategy = initial
            for field, value in ((first, a), (second, b)):
                if strategy.field_value(field) != value:  # an unchanged value is no edit
                    edit = {"op": "set_scalar", "field": field, "value": value}
                    strategy = apply(strategy, parse_edit(edit))
            grid[(a, b)] = outcomes(strategy, ids)
    print(f"interaction {first} x {second} (successes of {len(ids)}):")
    for b in seconds:
        row = {a: sum(grid[(a, b)].values()) for a in firsts}
        best = [a for a, n in row.items() if n == max(row.values())]
        cells = "  ".join(f"{first}={a}: {n:>2}" for a, n in row.items())
        print(f"  {second}={b:<6} {cells}   best {first}: {best}")
    base_a = initial.field_value(first)
    depends = sorted(
        {
            t
            for t in ids
            for a in firsts
            if len({grid[(a, b)][t] > grid[(base_a, b)][t] for b in seconds}) > 1
        }
    )
    print(f"  tasks where a {first} change helps at some {second} values only: {len(depends)}")
    print(f"    {' '.join(depends)}")


if __name__ == "__main__":
    main()
