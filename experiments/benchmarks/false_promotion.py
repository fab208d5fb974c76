"""How often does each acceptance rule keep a child, and each release gate promote, when no
strategy is truly better? Prints Clopper-Pearson 95% intervals for every rate.

Part 1, the null world (`null_world.py`): a coin runner whose odds depend on the task only.
Every search runs through the real engine with the quickstart's sizes (in process, no
sandbox, no MLflow). A search is the same under both gates up to the gate (the gate comes
last and nothing before it reads `[release] gate`), so each (rule, seed) is searched once
with the McNemar gate, and `gate = "none"` is decided on that same journal by
`rsi.release.run_without_gate`, exactly as the engine would; `--check K` re-runs the first
K seeds of each rule through the engine with `gate = "none"` and counts agreements.

Part 2, the noisy real landscape: the scripted author with `[runner.scripted] noise = 0.1`
in real sandboxes, with the true RAR of each promoted champion measured on every task over
5 repeats (evaluation seeds). Searches with the same seed share evaluations until their
acceptance rules diverge, and many suites coincide, so evaluations are memoized by
(strategy, task, seed) and identical sandbox runs replayed (`landscape.SharedMemo`,
`landscape.MemoSandbox`; `--memo FILE` keeps the replays across invocations).

Usage: python experiments/benchmarks/false_promotion.py [--searches 200] [--threads 2]
       [--check 10] [--noisy-searches 10] [--truth-tasks 0] [--config FILE]
       [--part both|null|noisy] [--memo FILE]
"""

from __future__ import annotations

import argparse
import concurrent.futures
import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("MLFLOW_DISABLE_TELEMETRY", "true")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # the sibling landscape.py

from landscape import MemoSandbox, SharedMemo, offline_services  # noqa: E402
from pydantic import ValidationError  # noqa: E402
from scipy.stats import binomtest  # noqa: E402

from evaluators.sandbox import make_sandbox  # noqa: E402
from evaluators.tasks import TaskSet  # noqa: E402
from experiments.benchmarks.null_world import null_services  # noqa: E402
from rsi.config import ExperimentConfig, load_config  # noqa: E402
from rsi.engine import Engine, load_initial  # noqa: E402
from rsi.execution import EvaluationServices, evaluate_one  # noqa: E402
from rsi.journal import SearchState  # noqa: E402
from rsi.release import run_without_gate  # noqa: E402
from rsi.screening import ACCEPTANCE_RULES  # noqa: E402
from search_space import Strategy, strategy_id  # noqa: E402

GATES = ("mcnemar", "none")
NOISE = 0.1
TRUE_RAR_REPEATS = 5
Services = Callable[[ExperimentConfig, Path], EvaluationServices]


@dataclass(frozen=True)
class Outcome:
    """What one search decided: children screened and kept, and each gate's promotion."""

    screened: int
    kept: int
    champion_id: str
    champion: dict[str, Any]  # the frozen strategy
    champion_is_initial: bool
    promote: dict[str, bool]  # by gate


def variant(
    config: ExperimentConfig, seed: int, rule: str, gate: str, runs: Path
) -> ExperimentConfig:
    data = config.model_dump()
    data["experiment"].update(seed=seed, runs_dir=runs)
    data["search"]["acceptance"] = rule
    data["release"]["gate"] = gate
    data["mlflow"]["enabled"] = False
    return ExperimentConfig.model_validate(data)


def gate_none_on(state: SearchState, initial: Strategy) -> bool:
    """`[release] gate = "none"` on a journal the McNemar gate decided (same evaluations)."""
    assert state.champion is not None and state.split is not None
    release = state.split.roles["release"]
    by_task = {
        (e.strategy_id, e.task_id): e.success
        for e in state.evaluations.values()
        if e.purpose == "release"
    }
    champion, baseline = state.champion.strategy_id, strategy_id(initial)
    report = run_without_gate(
        [by_task[(baseline, t)] for t in release],
        [by_task[(champion, t)] for t in release],
        same_strategy=champion == baseline,
        resamples=100,
    )
    return report.promote


def search(config: ExperimentConfig, services: Services, run_dir: Path) -> SearchState:
    engine = Engine(
        config, run_dir, services=services(config, run_dir), override_consumed_release=True
    )
    return engine.run()


def outcome_of(state: SearchState, initial: Strategy) -> Outcome:
    assert state.champion is not None
    if state.gate is None:  # nothing to release: the champion is the initial, no gate ran
        assert state.release_skipped is not None
        promote = dict.fromkeys(GATES, False)
    else:
        gate = state.gate.report.get("gate", "mcnemar")
        promote = {gate: bool(state.gate.report["promote"])}
        if gate == "mcnemar":
            promote["none"] = gate_none_on(state, initial)
    return Outcome(
        screened=len(state.screens),
        kept=sum(s.passed for s in state.screens.values()),
        champion_id=state.champion.strategy_id,
        champion=state.champion.strategy,
        champion_is_initial=state.champion.strategy_id == strategy_id(initial),
        promote=promote,
    )


def run_batch(
    config: ExperimentConfig,
    services: Services,
    jobs: Iterable[tuple[str, str, int]],
    home: Path,
    threads: int,
) -> dict[tuple[str, str, int], Outcome]:
    """Searches for (rule, gate, seed) jobs on `threads` threads; outcomes by job."""
    initial = load_initial(config.experiment)

    def one(job: tuple[str, str, int]) -> Outcome:
        rule, gate, seed = job
        runs = home / rule / gate / str(seed)
        return outcome_of(
            search(variant(config, seed, rule, gate, runs), services, runs / "run"), initial
        )

    jobs = list(jobs)
    with concurrent.futures.ThreadPoolExecutor(threads) as pool:
        return dict(zip(jobs, pool.map(one, jobs), strict=True))


def rate(k: int, n: int) -> str:
    """k/n as a percentage with its Clopper-Pearson (exact) 95% interval."""
    if n == 0:
        return "   -   (no trials)"
    ci = binomtest(k, n).proportion_ci(0.95, method="exact")
    return f"{k:4}/{n:<4} {k / n:6.1%}  [{ci.low:6.1%}, {ci.high:6.1%}]"


def report(outcomes: dict[tuple[str, str, int], Outcome], alpha: float, footnote: str) -> None:
    rules = sorted({rule for rule, _, _ in outcomes}, key=list(ACCEPTANCE_RULES).index)
    print(f"{'acceptance rule':22} {'children kept / screened (95% CI)':36} searches keeping >= 1")
    for rule in rules:
        mine = [o for (r, _, _), o in outcomes.items() if r == rule]
        kept, screened = sum(o.kept for o in mine), sum(o.screened for o in mine)
        some = sum(o.kept > 0 for o in mine)
        print(f"{rule:22} {rate(kept, screened):36} {rate(some, len(mine))}")
    print()
    print(
        f"{'acceptance rule':22} {'gate':8} {'searches promoting (95% CI)':36} "
        "promoting when the champion is not the initial"
    )
    for rule in rules:
        mine = [o for (r, _, _), o in outcomes.items() if r == rule]
        for gate in GATES:
            promoted = sum(o.promote[gate] for o in mine)
            moved = [o for o in mine if not o.champion_is_initial]
            promoted_moved = sum(o.promote[gate] for o in moved)
            overall, when_moved = rate(promoted, len(mine)), rate(promoted_moved, len(moved))
            print(f"{rule:22} {gate:8} {overall:36} {when_moved}")
    print(f"(alpha = {alpha:g}; {footnote})")


def null_world(config: ExperimentConfig, args: argparse.Namespace, home: Path) -> None:
    tasks = TaskSet.load(config.experiment.tasks)

    def services(variant_config: ExperimentConfig, run_dir: Path) -> EvaluationServices:
        return null_services(variant_config, tasks, variant_config.experiment.seed, run_dir)

    seeds = range(1, args.searches + 1)
    started = time.monotonic()
    jobs = [(rule, "mcnemar", seed) for rule in ACCEPTANCE_RULES for seed in seeds]
    outcomes = run_batch(config, services, jobs, home / "null", args.threads)
    elapsed = time.monotonic() - started
    print(f"== null world: {args.searches} searches per acceptance rule, quickstart sizes ==")
    report(outcomes, config.release.alpha, "on a null world every promotion is a false one")
    print(f"({len(jobs)} searches in {elapsed:.0f} s, {elapsed / len(jobs):.2f} s per search)")
    if args.check:
        checks = [(rule, "none", seed) for rule in ACCEPTANCE_RULES for seed in seeds[: args.check]]
        through_engine = run_batch(config, services, checks, home / "check", args.threads)
        agree = sum(
            o.promote["none"] == outcomes[(rule, "mcnemar", seed)].promote["none"]
            and o.champion_id == outcomes[(rule, "mcnemar", seed)].champion_id
            for (rule, _, seed), o in through_engine.items()
        )
        print(
            f'gate = "none" run through the engine: same champion and decision on {agree} of '
            f"{len(checks)} searches as decided on the McNemar search's journal"
        )


def noisy_config(config: ExperimentConfig) -> ExperimentConfig | None:
    """The config with `[runner.scripted] noise = 0.1`, or None where that setting is unknown."""
    data = config.model_dump()
    data["runner"]["scripted"] = {**data["runner"].get("scripted", {}), "noise": NOISE}
    try:
        return ExperimentConfig.model_validate(data)
    except ValidationError:
        return None


def true_rar(
    config: ExperimentConfig, strategy: Strategy, sandbox: MemoSandbox, limit: int
) -> float:
    """Mean RAR over every task (the first `limit` if > 0) and `TRUE_RAR_REPEATS`
    evaluation seeds (fresh noise draws)."""
    tasks_dir = config.experiment.tasks
    task_ids = TaskSet.load(tasks_dir).ids
    task_ids = task_ids[:limit] if limit > 0 else task_ids
    jobs = []
    for repeat in range(TRUE_RAR_REPEATS):
        services = offline_services(tasks_dir, seed=10_000 + repeat, noise=NOISE, sandbox=sandbox)
        jobs.extend((services, task_id) for task_id in task_ids)
    with concurrent.futures.ThreadPoolExecutor(config.search.workers) as pool:
        results = pool.map(lambda job: evaluate_one(job[0], strategy, job[1], "dev"), jobs)
        solved = sum(data.success for data, _ in results)
    return solved / len(jobs)


def noisy_landscape(config: ExperimentConfig, args: argparse.Namespace, home: Path) -> None:
    print()
    print(f"== noisy real landscape: scripted author, [runner.scripted] noise = {NOISE} ==")
    noisy = noisy_config(config)
    if noisy is None:
        print(
            "SKIPPED: this build has no [runner.scripted] noise setting (it is added on another "
            "branch); re-run this script after merging it."
        )
        return
    if args.noisy_searches == 0:
        print("SKIPPED: --noisy-searches 0")
        return
    sandbox = MemoSandbox(make_sandbox("local"))
    if args.memo is not None:
        sandbox.load(args.memo)
    memo = SharedMemo(by_seed=True)
    memo.install()

    def services(variant_config: ExperimentConfig, run_dir: Path) -> EvaluationServices:
        if args.memo is not None:  # a search starts: keep what the earlier ones ran
            sandbox.save(args.memo)
        seed = variant_config.experiment.seed
        return offline_services(
            variant_config.experiment.tasks, seed=seed, noise=NOISE, sandbox=sandbox
        )

    started = time.monotonic()
    seeds = range(1, args.noisy_searches + 1)
    jobs = [(rule, "mcnemar", seed) for rule in ACCEPTANCE_RULES for seed in seeds]
    # Real sandboxes already use the cores; one search at a time.
    outcomes = run_batch(noisy, services, jobs, home / "noisy", 1)
    print(f"{args.noisy_searches} searches per acceptance rule")
    report(outcomes, config.release.alpha, "whether a promotion is false is told by true RAR below")
    print(f"({len(jobs)} searches in {time.monotonic() - started:.0f} s)", flush=True)
    if args.memo is not None:
        sandbox.save(args.memo)
    initial = load_initial(config.experiment)
    truth = {strategy_id(initial): true_rar(noisy, initial, sandbox, args.truth_tasks)}
    print(f"true RAR of the initial strategy: {truth[strategy_id(initial)]:.1%}")
    baseline = truth[strategy_id(initial)]
    print(
        f"{'acceptance rule':22} {'gate':8} {'searches promoting a truly worse champion':42} "
        "of the promoted champions"
    )
    for rule in ACCEPTANCE_RULES:
        mine = [o for (r, _, _), o in outcomes.items() if r == rule]
        for gate in GATES:
            promoted = [o for o in mine if o.promote[gate]]
            for o in promoted:
                if o.champion_id not in truth:
                    strategy = Strategy.model_validate(o.champion)
                    truth[o.champion_id] = true_rar(noisy, strategy, sandbox, args.truth_tasks)
                    if args.memo is not None:  # keep what was run, should this be stopped
                        sandbox.save(args.memo)
            worse = sum(truth[o.champion_id] < baseline for o in promoted)
            gains = ", ".join(f"{(truth[o.champion_id] - baseline) * 100:+.1f}" for o in promoted)
            print(f"{rule:22} {gate:8} {rate(worse, len(mine)):42} {rate(worse, len(promoted))}")
            print(f"{'':31} true RAR gains of the promoted (points): {gains or '-'}")
    print(f"evaluations paid {memo.paid}, reused from the memo {memo.reused}")
    if args.memo is not None:
        sandbox.save(args.memo)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", type=Path, default=ROOT / "experiments/quickstart.toml")
    parser.add_argument("--searches", type=int, default=200, help="null-world searches per rule")
    parser.add_argument("--threads", type=int, default=2, help="searches run at once")
    parser.add_argument("--check", type=int, default=10, help='seeds re-run with gate "none"')
    parser.add_argument("--noisy-searches", type=int, default=10, help="per rule; 0 skips")
    parser.add_argument("--truth-tasks", type=int, default=0, help="true RAR on N tasks; 0: all")
    parser.add_argument("--part", choices=("both", "null", "noisy"), default="both")
    parser.add_argument("--memo", type=Path, default=None, help="sandbox replay cache file")
    args = parser.parse_args()
    config = load_config(args.config)
    started = time.monotonic()
    # Searches make and remove a workspace per evaluation: memory-backed temp files are faster.
    shm = Path("/dev/shm")
    with tempfile.TemporaryDirectory(
        prefix="rsi-false-promotion-", dir=shm if shm.is_dir() else None
    ) as home:
        tempfile.tempdir = home
        if args.part in ("both", "null"):
            null_world(config, args, Path(home))
        if args.part in ("both", "noisy"):
            noisy_landscape(config, args, Path(home))
        tempfile.tempdir = None
    print(f"elapsed {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main()
