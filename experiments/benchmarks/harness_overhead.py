"""Benchmark: the TestHelix harness's own time per task, outside model calls and sandbox runs.

The harness (configuration C, K=3, the initial strategy) runs on a few corpus tasks
against the local OpenAI-compatible test server with zero latency, the model played from
each task's author pool (tests/support/harness_pool_model.py). Every model call (the whole client
path: dspy formatting, litellm, HTTP, parsing, metering, the reply cache) and every
sandbox run is timed; what remains of the task's wall time is the harness's own work
(prompt building, file writing, bookkeeping). Prints, per task and in total, the three
shares of wall time, measured in one run.

    .venv/bin/python experiments/benchmarks/harness_overhead.py [--tasks 4] [--agent]

`--agent` runs the agent pairs instead (`[runner.testhelix] pairs = "agent"`, K=3,
configuration C with agent reviews) on the bash task experiments/polyglot/sh-slugify,
the model played by the scripted tool-using model (tests/support/agent_model.py), `--repeats`
times (the first is a warm-up): tool calls per task, and time in model turns (litellm's
native tool calling, HTTP, metering, cache) and in tools (the workspace's work plus the
sandbox runs they start) summed over the concurrent sessions, sandbox time, and the
model calls per task against the task's shared cap (48), each turn showing the remaining
budget (issue 49).
"""

from __future__ import annotations

import argparse
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

from evaluators.llm import LlmSettings, ResponseCache  # noqa: E402
from evaluators.runners import (  # noqa: E402
    HarnessSettings,
    LlmTaskModels,
    RunnerLimits,
    TestHelixRunner,
)
from evaluators.sandbox import LocalSandbox, RunResult, RunSpec  # noqa: E402
from evaluators.tasks import TaskSet  # noqa: E402
from search_space import Strategy  # noqa: E402
from search_space.io import load_model  # noqa: E402
from tests.support.harness_pool_model import PoolModel  # noqa: E402
from tests.support.llm_server import LocalLlmServer  # noqa: E402

TASKS = (
    "alg-merge-intervals-gap",
    "cli-word-count-stdin",
    "gen-semver-compare",
    "st-lru-basic-stats",
    "vis-ascii-table-basic",
    "perf-top-k-frequent-words",
)


class TimedSandbox:
    """The local sandbox, with the time spent in its runs added up."""

    name = "local"

    def __init__(self, inner: LocalSandbox) -> None:
        self.inner = inner
        self.seconds = 0.0
        self.runs = 0

    def run(self, spec: RunSpec) -> RunResult:
        started = time.perf_counter()
        try:
            return self.inner.run(spec)
        finally:
            self.seconds += time.perf_counter() - started
            self.runs += 1


class TimedModels:
    """LlmTaskModels whose asks are timed."""

    def __init__(self, inner: LlmTaskModels) -> None:
        self.inner = inner
        self.seconds = 0.0
        self.calls = 0

    def open(self, namespace: str, limits: RunnerLimits) -> tuple[Any, Any]:
        ask, usage = self.inner.open(namespace, limits)

        def timed(*args: Any, **kwargs: Any) -> Any:
            started = time.perf_counter()
            try:
                return ask(*args, **kwargs)
            finally:
                self.seconds += time.perf_counter() - started
                self.calls += 1

        return timed, usage


def agent_main(repeats: int) -> None:
    """The agent loop's costs on the bash task; see the module docstring."""
    from evaluators.llm import ToolChat
    from tests.support.agent_model import SLUGIFY, AgentModel, slugify_plan

    polyglot = TaskSet.load(SLUGIFY.parent)
    strategy = load_model(Strategy, ROOT / "experiments/strategies/initial.json")
    turn_seconds = [0.0]
    original = ToolChat.turn

    def timed_turn(self: ToolChat, *args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter()
        try:
            return original(self, *args, **kwargs)
        finally:
            turn_seconds[0] += time.perf_counter() - started

    ToolChat.turn = timed_turn  # type: ignore[method-assign]
    print(f"load average {os.getloadavg()[0]:.2f}; agent pairs, K=3, configuration C")
    totals = {"wall": 0.0, "model": 0.0, "tools": 0.0, "sandbox": 0.0, "calls": 0, "asked": 0}
    with (
        LocalLlmServer(responder=AgentModel(slugify_plan())) as server,
        tempfile.TemporaryDirectory(prefix="rsi-agent-") as home,
    ):
        settings = LlmSettings(model="openai/local-model", api_base=server.openai_base)
        for repeat in range(repeats):
            sandbox = TimedSandbox(LocalSandbox())
            models = LlmTaskModels(settings, ResponseCache(Path(home) / f"cache{repeat}"))
            harness = HarnessSettings(pairs="agent", execution_repeats=1)
            runner = TestHelixRunner(sandbox, models, harness)  # type: ignore[arg-type]
            turn_seconds[0] = 0.0
            started = time.perf_counter()
            result = runner.run(
                strategy, polyglot.get("sh-slugify").public(), RunnerLimits(),
                Path(home) / f"w{repeat}",
            )  # fmt: skip
            wall = time.perf_counter() - started
            tools = sum(t["seconds"] for t in result.trace.timings)
            calls = sum(len(p["tool_calls"]) for p in result.trace.phases if "tool_calls" in p)
            model = turn_seconds[0]
            usage = result.trace.usage  # what the task's shared meter counted
            asked = usage.calls + usage.remembered_calls
            print(
                f"  run {repeat}{' (warm-up, not counted)' if repeat == 0 else ''}: wall "
                f"{wall:5.1f} s, {calls} tool calls, model calls {asked} of the shared cap "
                f"{RunnerLimits().model_calls} ({usage.remembered_calls} from memory); "
                f"challenges {_count(result, 'agent-challenge')}; summed over the concurrent "
                f"sessions: "
                f"model turns {model:5.1f} s, tools {tools:5.1f} s (sandbox runs {sandbox.runs}, "
                f"{sandbox.seconds:5.1f} s, cross-execution included); busy/wall "
                f"{(model + tools) / wall:4.2f}; submitted={result.submission is not None}"
            )
            if repeat == 0:
                continue  # the first run pays litellm's import and connection set-up
            for key, value in (("wall", wall), ("model", model), ("tools", tools),
                               ("sandbox", sandbox.seconds), ("calls", calls),
                               ("asked", asked)):  # fmt: skip
                totals[key] += value
    counted = max(1, repeats - 1)
    busy = totals["model"] + totals["tools"]
    print(
        f"runs 1-{repeats - 1}: {totals['calls'] / counted:.1f} tool calls and "
        f"{totals['asked'] / counted:.1f} model calls per task (shared cap "
        f"{RunnerLimits().model_calls}), "
        f"{totals['wall'] / counted:.1f} s wall; of the sessions' summed time, model turns "
        f"{totals['model'] / busy:.1%} and tools {totals['tools'] / busy:.1%}; sandbox runs "
        f"{totals['sandbox'] / totals['wall']:.1%} of wall; the sessions overlap "
        f"{busy / totals['wall']:.2f}x (pairs run at once); the harness outside sessions "
        f"(workspace set-up, cross-execution bookkeeping, selection) is what wall leaves"
    )


def _count(result: Any, phase: str) -> int:
    return sum(1 for p in result.trace.phases if p["phase"] == phase)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", type=int, default=4)
    parser.add_argument("--agent", action="store_true", help="the agent pairs instead")
    parser.add_argument("--repeats", type=int, default=4, help="agent runs (with --agent)")
    args = parser.parse_args()
    if args.agent:
        agent_main(args.repeats)
        return
    corpus = TaskSet.load(ROOT / "experiments/tasks")
    strategy = load_model(Strategy, ROOT / "experiments/strategies/initial.json")
    print(f"load average {os.getloadavg()[0]:.2f}; strategy: initial (K=3), configuration C")
    totals = {"wall": 0.0, "model": 0.0, "sandbox": 0.0}
    with (
        LocalLlmServer(responder=PoolModel(corpus)) as server,
        tempfile.TemporaryDirectory(prefix="rsi-harness-") as home,
    ):
        settings = LlmSettings(model="openai/local-model", api_base=server.openai_base)
        for task_id in TASKS[: args.tasks]:
            sandbox = TimedSandbox(LocalSandbox())
            models = TimedModels(LlmTaskModels(settings, ResponseCache(Path(home) / task_id)))
            runner = TestHelixRunner(sandbox, models, HarnessSettings())  # type: ignore[arg-type]
            started = time.perf_counter()
            result = runner.run(
                strategy, corpus.get(task_id).public(), RunnerLimits(), Path(home) / "w" / task_id
            )
            wall = time.perf_counter() - started
            own = wall - models.seconds - sandbox.seconds
            totals["wall"] += wall
            totals["model"] += models.seconds
            totals["sandbox"] += sandbox.seconds
            print(
                f"  {task_id:28} wall {wall:6.1f} s: model {models.seconds / wall:5.1%} "
                f"({models.calls} calls), sandbox {sandbox.seconds / wall:5.1%} "
                f"({sandbox.runs} runs), harness {own / wall:5.1%}; "
                f"submitted={result.submission is not None}"
            )
    wall = totals["wall"]
    own = wall - totals["model"] - totals["sandbox"]
    print(
        f"all tasks: wall {wall:.1f} s; model calls {totals['model'] / wall:.1%}, "
        f"sandbox runs {totals['sandbox'] / wall:.1%}, harness's own work {own / wall:.1%}"
    )


if __name__ == "__main__":
    main()
