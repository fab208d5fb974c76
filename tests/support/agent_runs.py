"""One TestHelix task run with agent pairs against the scripted `AgentModel` on a local
OpenAI-compatible server: `sh-slugify` in a real sandbox, the harness shaped by the
strategy and the configuration. Shared by the agent tests of rounds and strategy fields."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from evaluators.llm import LlmSettings, ResponseCache
from evaluators.runners.base import RunnerLimits, RunnerResult
from evaluators.runners.testhelix import HarnessSettings, LlmTaskModels, TestHelixRunner
from evaluators.sandbox import Sandbox
from evaluators.tasks import TaskSet
from search_space import Strategy
from tests.support.agent_model import AgentModel
from tests.support.llm_server import LocalLlmServer

# A reviewer's blocking finding on the pair's suite, as `review_plan` takes it.
BLOCKING = {
    "test": "cases.sh",
    "blocking": True,
    "evidence": "The slug never starts or ends with `-`.",
    "problem": "pins a detail",
}


def run_slugify(
    sandbox: Sandbox,
    tasks: TaskSet,
    tmp_path: Path,
    model: AgentModel,
    strategy: Strategy,
    configuration: str,
    cache: Path | None = None,
) -> tuple[RunnerResult, LocalLlmServer]:
    """The task's result and the (stopped) server, whose requests the test may read."""
    with LocalLlmServer(responder=model) as server:
        settings = LlmSettings(model="openai/local-model", api_base=server.openai_base)
        models = LlmTaskModels(settings, ResponseCache(cache or tmp_path / "cache"))
        harness = HarnessSettings(configuration=configuration, execution_repeats=1, pairs="agent")
        runner = TestHelixRunner(sandbox, models, harness)
        task = tasks.get("sh-slugify").public()
        result = runner.run(strategy, task, RunnerLimits(test_timeout_s=30), tmp_path / "work")
    return result, server


def phases(result: RunnerResult, name: str) -> list[dict[str, Any]]:
    """The trace's phases called `name`, in order."""
    return [p for p in result.trace.phases if p["phase"] == name]
