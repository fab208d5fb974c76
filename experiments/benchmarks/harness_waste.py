"""Benchmark: what the TestHelix harness pays for, counted by the model server itself.

The harness (configuration C, the initial strategy, K=3) runs on a few corpus tasks
against the local OpenAI-compatible test server, twice: with a well-behaved model (played
from each task's author pool, tests/support/harness_pool_model.py) and with a model that answers
every request in prose, as small local models often do. For each, per task and in total,
the server's own count of: calls made, distinct requests, calls that repeated a request
it had already answered in the same task (must be 0), and calls per submitted suite; and
from the harness's side, the requests it asked that were answered from memory instead
(each one a call the harness made before it stopped paying twice for one question). The
same for the sandbox: checks the harness asked (what a harness that runs every check
pays) against the sandbox runs it paid for, the rest answered by an identical earlier
check of the same task (the trace's `executions` phase).

    .venv/bin/python experiments/benchmarks/harness_waste.py [--tasks 4]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("MLFLOW_DISABLE_TELEMETRY", "true")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from evaluators.llm import LlmSettings, ResponseCache  # noqa: E402
from evaluators.runners import (  # noqa: E402
    HarnessSettings,
    LlmTaskModels,
    RunnerLimits,
    TestHelixRunner,
)
from evaluators.sandbox import LocalSandbox  # noqa: E402
from evaluators.tasks import TaskSet  # noqa: E402
from search_space import Strategy  # noqa: E402
from search_space.io import load_model  # noqa: E402
from tests.support.harness_pool_model import PoolModel  # noqa: E402
from tests.support.llm_server import Garbage, LocalLlmServer  # noqa: E402

TASKS = (
    "alg-merge-intervals-gap",
    "cli-word-count-stdin",
    "gen-semver-compare",
    "st-lru-basic-stats",
    "vis-ascii-table-basic",
    "perf-top-k-frequent-words",
)
PROSE = "Sure! Here are some tests you could write for this program: first, the empty input."


def _task_counts(requests: list[dict[str, Any]]) -> tuple[int, int, int]:
    """(calls, distinct requests, calls repeating an answered request) of one task."""
    seen: set[str] = set()
    repeats = 0
    for body in requests:
        text = json.dumps(body, sort_keys=True)
        repeats += text in seen
        seen.add(text)
    return len(requests), len(seen), repeats


def _model(
    name: str, corpus: TaskSet, task_ids: tuple[str, ...], setup: Callable[[LocalLlmServer], None]
) -> dict[str, int]:
    strategy = load_model(Strategy, ROOT / "experiments/strategies/initial.json")
    totals = dict.fromkeys(
        ("calls", "distinct", "repeats", "memory", "submitted", "asked", "runs"), 0
    )
    with (
        LocalLlmServer(responder=PoolModel(corpus)) as server,
        tempfile.TemporaryDirectory(prefix="rsi-waste-") as home,
    ):
        setup(server)
        settings = LlmSettings(model="openai/local-model", api_base=server.openai_base)
        for task_id in task_ids:
            cache = ResponseCache(Path(home) / task_id)
            models = LlmTaskModels(settings, cache, format_check=False)
            runner = TestHelixRunner(LocalSandbox(), models, HarnessSettings(execution_repeats=1))
            before = len(server.requests)
            result = runner.run(
                strategy, corpus.get(task_id).public(), RunnerLimits(), Path(home) / "w" / task_id
            )
            calls, distinct, repeats = _task_counts(server.requests[before:])
            submitted = result.submission is not None
            tally = [p for p in result.trace.phases if p["phase"] == "reply-format"]
            memory = tally[0]["repeats"] if tally else 0
            executions = next(p for p in result.trace.phases if p["phase"] == "executions")
            runs, asked = executions["runs"], executions["runs"] + executions["remembered"]
            print(
                f"  {name:12} {task_id:28} calls {calls:3}  distinct {distinct:3}  "
                f"repeats {repeats}  from memory {memory}  submitted {submitted}  "
                f"checks asked {asked:3}  sandbox runs {runs:3}"
            )
            totals["asked"] += asked
            totals["runs"] += runs
            totals["memory"] += memory
            totals["calls"] += calls
            totals["distinct"] += distinct
            totals["repeats"] += repeats
            totals["submitted"] += submitted
    return totals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", type=int, default=4)
    args = parser.parse_args()
    corpus = TaskSet.load(ROOT / "experiments/tasks")
    task_ids = TASKS[: args.tasks]
    print(f"{len(task_ids)} tasks, initial strategy (K=3), configuration C, cap 48 calls a task")

    def prose(server: LocalLlmServer) -> None:
        server.always = Garbage(PROSE)

    rows = {
        "well-behaved": _model("well-behaved", corpus, task_ids, lambda server: None),
        "prose": _model("prose", corpus, task_ids, prose),
    }
    print(
        "| model | calls | distinct requests | repeated answered requests "
        "| answered from memory | calls per submitted suite | checks asked | sandbox runs "
        "| runs / asked |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for name, row in rows.items():
        submitted = row["submitted"]
        per_suite = f"{row['calls'] / submitted:.1f}" if submitted else "none submitted"
        paid = f"{row['runs'] / row['asked']:.2f}" if row["asked"] else "-"
        print(
            f"| {name} | {row['calls']} | {row['distinct']} | {row['repeats']} "
            f"| {row['memory']} | {per_suite} | {row['asked']} | {row['runs']} | {paid} |"
        )


if __name__ == "__main__":
    main()
