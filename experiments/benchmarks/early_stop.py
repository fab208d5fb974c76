"""What `[search] stop_when_decided` saves, and proof that it decides nothing differently.

For each world, every search runs twice, with the switch off and on (rsi/screening/race.py),
and prints per seed: paid task evaluations (all, and the child screens and kept children's
dev scores racing can touch), sandbox seconds (the runner's and the judge's measured time of
the evaluations journaled), the early decisions, and whether kept set, every round's
verdict, champion and gate decision are the same. Worlds:

- quickstart: experiments/quickstart.toml as it is (seed 42, noise 0);
- noisy: the quickstart at `[runner.scripted] noise = 0.1`, seeds 1-10 (`--seeds`);
- coin: the quickstart's sizes on the null world (every evaluation a coin), seeds 1-10.

Then `rsi plan`'s expected bill for experiments/testhelix_k3.toml both ways, from a pilot of
2 tasks (an illustrative per-task usage: nothing here calls a model) with the noisy world's
measured race shares.

Offline evaluations are memoized across the two runs of a seed (`landscape.SharedMemo`; the
on-run's evaluations are a subset of the off-run's), so a replayed evaluation keeps the
sandbox seconds it cost when it ran.

Usage: python experiments/benchmarks/early_stop.py [--seeds 1-10] [--worlds quickstart,noisy,coin]
       [--save PART.json]   (several parts, e.g. seed ranges run side by side, then)
       python experiments/benchmarks/early_stop.py --combine PART.json PART.json ...
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("MLFLOW_DISABLE_TELEMETRY", "true")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # the sibling landscape.py

from landscape import MemoSandbox, SharedMemo, offline_services  # noqa: E402

from evaluators.sandbox import make_sandbox  # noqa: E402
from evaluators.tasks import TaskSet  # noqa: E402
from experiments.benchmarks.null_world import null_services  # noqa: E402
from rsi.cli.plan import flipped, switch_bills  # noqa: E402
from rsi.config import ExperimentConfig, load_config  # noqa: E402
from rsi.engine import Engine  # noqa: E402
from rsi.execution import evaluation  # noqa: E402
from rsi.forecast import Measured, Tokens, forecast  # noqa: E402
from rsi.forecast.measure import race_shares  # noqa: E402
from rsi.journal import SearchState  # noqa: E402

QUICKSTART = ROOT / "experiments/quickstart.toml"
K3 = ROOT / "experiments/testhelix_k3.toml"
EVALUATE_ONE = evaluation.evaluate_one  # each world's memo wraps this, not the last memo


def variant(config: ExperimentConfig, seed: int, runs: Path, noise: float, stop: bool) -> Any:
    data = config.model_dump()
    data["experiment"].update(seed=seed, runs_dir=runs)
    data["search"]["stop_when_decided"] = stop
    data["mlflow"]["enabled"] = False
    data["runner"]["scripted"] = {**data["runner"].get("scripted", {}), "noise": noise}
    return ExperimentConfig.model_validate(data)


def decisions(state: SearchState) -> tuple[Any, ...]:
    assert state.champion is not None
    gate = state.gate.report["promote"] if state.gate is not None else None
    verdicts = tuple(sorted((r, s.passed) for r, s in state.screens.items()))
    return tuple(state.candidates), verdicts, state.champion.strategy_id, gate


def seconds(memo: SharedMemo, state: SearchState) -> float:
    """The runner's and the judge's measured seconds of the journaled evaluations."""
    total = 0.0
    for e in state.evaluations.values():
        known = memo._results.get((e.strategy_id, e.task_id, e.seed if memo.by_seed else 0))
        if known is None:  # the coin world runs nothing
            continue
        record = known[1]
        usage = record.get("trace", {}).get("usage", {})  # type: ignore[union-attr]
        results = (record.get("judgement") or {}).get("results", [])  # type: ignore[union-attr]
        total += float(usage.get("seconds", 0.0)) + sum(float(r["duration_s"]) for r in results)
    return total


def racable(state: SearchState) -> int:
    """Evaluations racing can touch: the screened children's, and kept children's dev."""
    children = {p.child_id for p in state.proposals}
    kept = {c for c, k in state.candidates.items() if k.parent_id is not None}
    return sum(
        1
        for e in state.evaluations.values()
        if (e.purpose == "train" and e.strategy_id in children)
        or (e.purpose == "dev" and e.strategy_id in kept)
    )


def run_world(name: str, seeds: list[int], home: Path) -> dict[str, Any]:
    base = load_config(QUICKSTART)
    noise = 0.1 if name == "noisy" else 0.0
    memo = SharedMemo(by_seed=noise > 0 or name == "coin")  # a coin's odds follow the seed
    memo._evaluate_one = EVALUATE_ONE
    memo.install()
    sandbox = MemoSandbox(make_sandbox("local"))
    tasks = TaskSet.load(base.experiment.tasks)
    totals = {"off": [0, 0, 0.0], "on": [0, 0, 0.0]}  # paid, racable, seconds
    same = early_screens = early_devs = screens = last_task = last_kept = 0
    shares: list[tuple[float | None, float | None]] = []
    print(f"== {name}: {len(seeds)} search(es) each way ==", flush=True)
    for seed in seeds:
        states = {}
        for label, stop in (("off", False), ("on", True)):
            runs = home / name / str(seed) / label
            config = variant(base, seed, runs, noise, stop)
            if name == "coin":
                services = null_services(config, tasks, seed, runs / "run")
            else:
                services = offline_services(
                    config.experiment.tasks, seed=seed, noise=noise, sandbox=sandbox
                )
            engine = Engine(config, runs / "run", services=services, override_consumed_release=True)
            states[label] = state = engine.run()
            totals[label][0] += len(state.evaluations)
            totals[label][1] += racable(state)
            totals[label][2] += seconds(memo, state)
        on, off = states["on"], states["off"]
        equal = decisions(on) == decisions(off) and set(on.evaluations) <= set(off.evaluations)
        same += equal
        early_screens += len(on.screens_decided)
        early_devs += len(on.devs_decided)
        screens += len(on.screens)
        # Read to the last task: a child with no regression and no gain yet, which only the
        # last unread task could still have kept (or a kept child whose gain came last).
        read_all = [sc for r, sc in on.screens.items() if r not in on.screens_decided]
        last_task += len(read_all)
        last_kept += sum(sc.passed for sc in read_all)
        shares.append(race_shares(on))
        print(
            f"  seed {seed:2}: paid off {len(off.evaluations):4} on {len(on.evaluations):4}; "
            f"sandbox s off {seconds(memo, off):5.0f} on {seconds(memo, on):5.0f}; "
            f"racable off {racable(off):3} on {racable(on):3}; early screens "
            f"{len(on.screens_decided)}/{len(on.screens)}, early dev {len(on.devs_decided)}; "
            f"same decisions {equal}",
            flush=True,
        )
    return {
        "name": name,
        "seeds": len(seeds),
        "totals": totals,
        "same": same,
        "early": (early_screens, screens, early_devs),
        "last_task": (last_task, last_kept),
        "shares": shares,
    }


def report(world: dict[str, Any]) -> None:
    off, on = world["totals"]["off"], world["totals"]["on"]
    read_all, read_all_kept = world["last_task"]
    saved = 1 - on[0] / off[0] if off[0] else 0.0
    fixed = off[0] - off[1]  # parents' batches, the initial's dev, the release gate
    early_screens, screens, early_devs = world["early"]
    print(
        f"{world['name']}: decisions identical in {world['same']} of {world['seeds']} seeds; "
        f"paid evaluations {off[0]} -> {on[0]} ({saved:.1%} fewer); racable "
        f"{off[1]} -> {on[1]} ({1 - on[1] / off[1] if off[1] else 0:.1%} fewer); "
        f"sandbox seconds {off[2]:.0f} -> {on[2]:.0f}"
        f" ({1 - on[2] / off[2] if off[2] else 0:.1%} fewer)"
    )
    print(
        f"  early: {early_screens} of {screens} screens, {early_devs} dev scores; the "
        f"switch can touch only the {off[1]} racable of {off[0]} evaluations "
        f"({off[1] / off[0]:.1%}): {fixed} are parents' minibatches, the initial strategy's "
        f"dev split and the release gate, paid either way, so no race saves more than "
        f"{off[1] / off[0]:.1%}"
    )
    print(
        f"  {read_all} screens were fixed only at their last task ({read_all_kept} kept, "
        f"{read_all - read_all_kept} discarded with no regression: until the last task "
        "one more success would have kept them); kept children's dev scores stop only "
        "when they fall short of the best by more than the tasks left"
    )


def plan_both_ways(shares: list[tuple[float | None, float | None]]) -> None:
    """testhelix_k3.toml's expected bill both ways, from a 2-task pilot."""
    screen = [s for s, _ in shares if s is not None]
    dev = [d for _, d in shares if d is not None]
    mean = (sum(screen) / len(screen) if screen else None, sum(dev) / len(dev) if dev else None)
    pilot = Measured(
        run_dir="pilot",
        config_hash=None,
        evaluations=2,
        # Illustrative: 12 calls of 8k in, 1k out tokens per task (nothing here calls a model).
        per_task=Tokens(calls=12, input_tokens=96_000, output_tokens=12_000),
        task_seconds=600.0,
        attempts=0,
        per_attempt=Tokens(),
        rounds=0,
        keep_rate=None,
        attempts_per_round=None,
        initial_dev_rar=None,
        screen_share=mean[0],
        dev_share=mean[1],
    )
    config = load_config(K3)
    configured, other = forecast(config, pilot), forecast(flipped(config), pilot)
    bills = switch_bills(configured, other)
    print("== rsi plan experiments/testhelix_k3.toml, expected case from a 2-task pilot ==")
    print(f"  race shares (noisy world): screen {mean[0]:.1%}, kept child's dev {mean[1]:.1%}")
    for key in ("configured", "flipped"):
        bill = bills[key]
        print(
            f"  stop_when_decided = {str(bill['stop_when_decided']).lower():5} ({key}): "
            f"expected ${bill['expected_usd']:,.0f}, {bill['expected_evaluations']:,.0f} task "
            f"evaluations; worst ${bill['worst_usd']:,.0f}"
        )
    saving = bills["saving"]
    print(f"  saving: ${saving['usd']:,.0f} and {saving['evaluations']:,.0f} task evaluations")


def combine(parts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Worlds run in several parts (seed ranges), added up per world, in first-seen order."""
    worlds: dict[str, dict[str, Any]] = {}
    for part in parts:
        known = worlds.get(part["name"])
        if known is None:
            worlds[part["name"]] = json.loads(json.dumps(part))
            continue
        known["seeds"] += part["seeds"]
        known["same"] += part["same"]
        for label in ("off", "on"):
            known["totals"][label] = [
                a + b for a, b in zip(known["totals"][label], part["totals"][label], strict=True)
            ]
        known["early"] = [a + b for a, b in zip(known["early"], part["early"], strict=True)]
        known["last_task"] = [
            a + b for a, b in zip(known["last_task"], part["last_task"], strict=True)
        ]
        known["shares"] += part["shares"]
    return list(worlds.values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="1-10")
    parser.add_argument("--worlds", default="quickstart,noisy,coin")
    parser.add_argument("--save", type=Path, help="also write the worlds' results here")
    parser.add_argument("--combine", type=Path, nargs="+", help="report saved parts together")
    args = parser.parse_args()
    started = time.monotonic()
    if args.combine:
        results = combine([w for path in args.combine for w in json.loads(path.read_text())])
    else:
        first, last = (int(x) for x in args.seeds.split("-"))
        results = []
        with tempfile.TemporaryDirectory(prefix="rsi-early-stop-") as home:
            for name in args.worlds.split(","):
                seeds = [42] if name == "quickstart" else list(range(first, last + 1))
                results.append(run_world(name, seeds, Path(home)))
        if args.save:
            args.save.write_text(json.dumps(results))
    print()
    for world in results:
        report(world)
    noisy = next((w for w in results if w["name"] == "noisy"), None)
    if noisy is not None:
        plan_both_ways(noisy["shares"])
    print(f"elapsed {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main()
