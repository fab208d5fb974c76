"""Is the offline landscape worth searching? Prints, for the scripted author on the corpus:

- the initial strategy's RAR on every task (target: between 30% and 55%);
- a strategy reachable inside the search space and its RAR (target: >= 25 points more);
- the shares of single edits from the initial strategy that help, hurt or do nothing
  (on a seeded sample of tasks, since there are many edits).

Usage: python experiments/benchmarks/landscape.py [--workers 2] [--sample 30] [--seed 42]
"""

from __future__ import annotations

import argparse
import hashlib
import os
import pickle
import random
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("MLFLOW_DISABLE_TELEMETRY", "true")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from evaluators.judging import (  # noqa: E402
    JudgeSettings,
    directory_digest,
)
from evaluators.runners import (  # noqa: E402
    RunnerLimits,
    ScriptedRunner,
    ScriptedSettings,
)
from evaluators.sandbox import (  # noqa: E402
    RunResult,
    RunSpec,
    Sandbox,
    make_sandbox,
)
from evaluators.tasks import (  # noqa: E402
    TaskDirPools,
    TaskSet,
)
from rsi.execution import EvaluationServices, evaluate_one, evaluation  # noqa: E402
from rsi.journal import Evaluation  # noqa: E402
from rsi.proposers.heuristic import CONTEXT_SKILLS  # noqa: E402
from search_space import SearchSpace, Strategy, apply, parse_edit, strategy_id  # noqa: E402
from search_space.skills import generation_skills  # noqa: E402


class MemoSandbox:
    """A sandbox that runs each distinct (program, suite) once and replays the result.

    Benchmarks only: a census evaluates thousands of (strategy, task) pairs whose suites
    mostly coincide, and the programs and suites are deterministic, so a replay is what a
    rerun would give (timings aside, which no outcome reads).
    """

    def __init__(self, inner: Sandbox) -> None:
        self._inner = inner
        self._results: dict[str, RunResult] = {}
        self._lock = threading.Lock()
        self.name = getattr(inner, "name", "memo")

    def __getattr__(self, name: str) -> object:
        return getattr(self._inner, name)

    @staticmethod
    def _key(spec: RunSpec) -> str:
        digest = hashlib.sha256(spec.model_dump_json(exclude={"tests_dir", "app_layers"}).encode())
        for root in (*spec.app_layers, spec.tests_dir):  # contents: workdirs are temporary
            digest.update(directory_digest(root).encode())
        return digest.hexdigest()

    def load(self, path: Path) -> None:
        """Add the replays saved by `save` (keys hash contents, so stale ones never match)."""
        if path.is_file():
            with path.open("rb") as file:
                self._results.update(pickle.load(file))  # our own cache file, never downloaded

    def save(self, path: Path) -> None:
        with self._lock, path.open("wb") as file:
            pickle.dump(self._results, file)

    def run(self, spec: RunSpec) -> RunResult:
        key = self._key(spec)
        with self._lock:
            known = self._results.get(key)
        if known is not None:
            return known
        result = self._inner.run(spec)
        with self._lock:
            self._results[key] = result
        return result


class SharedMemo:
    """Memoizes `evaluate_one` by (strategy id, task id) across searches; thread-safe."""

    def __init__(self, *, by_seed: bool = False) -> None:
        self.by_seed = by_seed  # outcomes depend on the evaluation seed (a noisy author)
        self.paid = 0
        self.reused = 0
        self._results: dict[tuple[str, str, int], tuple[Evaluation, dict[str, object]]] = {}
        self._lock = threading.Lock()
        self._evaluate_one = evaluation.evaluate_one

    def install(self) -> None:
        # The engine's Evaluator resolves `evaluate_one` at call time, so this is the seam.
        evaluation.evaluate_one = self.evaluate_one  # type: ignore[assignment]

    def evaluate_one(
        self,
        services: evaluation.EvaluationServices,
        strategy: Strategy,
        task_id: str,
        purpose: evaluation.Purpose,
    ) -> tuple[Evaluation, dict[str, object]]:
        key = (strategy_id(strategy), task_id, services.seed if self.by_seed else 0)
        with self._lock:
            known = self._results.get(key)
        if known is None:
            known = self._evaluate_one(services, strategy, task_id, purpose)
            with self._lock:
                self._results[key] = known
                self.paid += 1
        else:
            with self._lock:
                self.reused += 1
        data, record = known
        return data.model_copy(update={"seed": services.seed, "purpose": purpose}), record


def offline_services(
    tasks_dir: Path,
    *,
    seed: int = 42,
    noise: float = 0.0,
    repeat: int = 0,
    sandbox: MemoSandbox | None = None,
) -> EvaluationServices:
    """The scripted author and the judge on the local sandbox, as the quickstart has them
    (replaying repeated sandbox runs, see MemoSandbox; pass one to share it)."""
    tasks = TaskSet.load(tasks_dir)
    sandbox = sandbox or MemoSandbox(make_sandbox("local"))
    return EvaluationServices(
        tasks=tasks,
        runner=ScriptedRunner(
            sandbox,
            TaskDirPools(tasks),
            ScriptedSettings(noise=noise),
            seed=seed,
            repeat=repeat,
        ),
        sandbox=sandbox,
        judge_settings=JudgeSettings(timeout_cap_s=60),
        limits=RunnerLimits(test_timeout_s=60),
        seed=seed,
        traces_dir=Path(tempfile.mkdtemp(prefix="rsi-benchmark-traces-")),
    )


def initial_strategy() -> Strategy:
    return Strategy.model_validate_json((ROOT / "experiments/strategies/initial.json").read_text())


def rar(services: EvaluationServices, strategy: Strategy, ids: list[str], workers: int) -> float:
    with ThreadPoolExecutor(workers) as pool:
        results = list(pool.map(lambda t: evaluate_one(services, strategy, t, "dev")[0], ids))
    return sum(r.success for r in results) / len(ids)


def reachable(initial: Strategy) -> Strategy:
    """Route every context to its first-choice skill and take the generous scalar values."""
    strategy = initial
    edits = [
        {"op": "set_scalar", "field": "contextTokens", "value": 24000},
        {"op": "set_scalar", "field": "toolOutputChars", "value": 14000},
        {"op": "set_scalar", "field": "reviewMaxOutputTokens", "value": 4096},
        {"op": "set_scalar", "field": "agentSteps", "value": 16},
        {"op": "set_scalar", "field": "maxRounds", "value": 3},
        {"op": "set_scalar", "field": "repairSteps", "value": 7},
    ]
    edits += [
        {"op": "set_route", "context": context, "skill": skills[0]}
        for context, skills in CONTEXT_SKILLS.items()
    ]
    for edit in edits:
        strategy = apply(strategy, parse_edit(edit))
    return strategy


def single_edits(initial: Strategy, space: SearchSpace) -> list[dict[str, object]]:
    edits: list[dict[str, object]] = [
        {"op": "set_scalar", "field": field, "value": value}
        for field in space.mutable_scalars
        for value in space.allowed_values(field)
        if value != initial.field_value(field)
    ]
    skills = [s.name for s in generation_skills()]
    edits += [
        {"op": "set_route", "context": context, "skill": skill}
        for context in CONTEXT_SKILLS
        for skill in skills[:: max(1, len(skills) // 3)]
    ]
    edits.append({"op": "set_guidance", "text": "Cover boundary cases and error contracts."})
    return edits


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--sample", type=int, default=30)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--tasks", type=Path, default=ROOT / "experiments/tasks")
    parser.add_argument("--no-single-edits", action="store_true", help="Skip the edit census.")
    args = parser.parse_args()
    services = offline_services(args.tasks, seed=args.seed)
    tasks = services.tasks
    initial = initial_strategy()
    ids = list(tasks.ids)
    started = time.monotonic()
    base = rar(services, initial, ids, args.workers)
    best_strategy = reachable(initial)
    best = rar(services, best_strategy, ids, args.workers)
    print(f"tasks: {len(ids)}")
    print(f"initial strategy RAR: {base:.1%}  (target 30%..55%)")
    print(f"reachable strategy RAR: {best:.1%}  (+{(best - base) * 100:.1f} points, target >= 25)")
    print(f"reachable strategy: {best_strategy.model_dump_json(by_alias=True)}", flush=True)
    if args.no_single_edits:
        return
    sample = sorted(random.Random(args.seed).sample(ids, min(args.sample, len(ids))))
    sample_base = rar(services, initial, sample, args.workers)
    helped = hurt = neutral = 0
    for edit in single_edits(initial, SearchSpace()):
        child = apply(initial, parse_edit(edit))
        delta = rar(services, child, sample, args.workers) - sample_base
        helped += delta > 0
        hurt += delta < 0
        neutral += delta == 0
        print(f"  {delta * 100:+6.1f} pts  {edit}")
    total = helped + hurt + neutral
    print(
        f"single edits on {len(sample)} tasks: help {helped / total:.0%}, "
        f"hurt {hurt / total:.0%}, no effect {neutral / total:.0%} ({total} edits)"
    )
    print(f"elapsed {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main()
