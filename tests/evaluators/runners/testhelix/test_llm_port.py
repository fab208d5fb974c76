"""The harness over the real client path (dspy -> litellm -> HTTP) against a local server.

- The K=3 cross-validated run of the scripted model, on the OpenAI- and Anthropic-
  compatible paths, submits the merged suite.
- Every cap holds exactly, from the server's own count.
- A malformed reply costs one retry, not the task.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from evaluators.llm import LlmSettings, ResponseCache
from evaluators.runners.base import RunnerLimits
from evaluators.runners.testhelix import HarnessSettings, LlmTaskModels, TestHelixRunner
from evaluators.runners.testhelix.model import HarnessStopped
from evaluators.sandbox import LocalSandbox
from evaluators.tasks import TaskSet
from search_space import Strategy
from tests.support.cli_helpers import run_rsi
from tests.support.harness_pool_model import PoolModel
from tests.support.llm_judge import GOOD, Judge
from tests.support.llm_server import Garbage, LocalLlmServer, Reply, ToolUse

ROOT = Path(__file__).resolve().parents[4]
K3 = Strategy(initialCandidates=3, maxCandidates=3)
KEY_ENV = "RSI_TEST_HARNESS_KEY"


@pytest.fixture(scope="module")
def task_set() -> TaskSet:
    return TaskSet.load(ROOT / "tests/fixtures/tasks")


@pytest.fixture
def server(task_set: TaskSet, monkeypatch: pytest.MonkeyPatch) -> Iterator[LocalLlmServer]:
    monkeypatch.setenv(KEY_ENV, "sk-FAKE-harness-9d1c")
    with LocalLlmServer(responder=PoolModel(task_set)) as running:
        yield running


def _runner(
    sandbox: LocalSandbox, settings: LlmSettings, cache: Path, configuration: str
) -> TestHelixRunner:
    models = LlmTaskModels(settings, ResponseCache(cache))
    harness = HarnessSettings(configuration=configuration, execution_repeats=1)
    return TestHelixRunner(sandbox, models, harness)


@pytest.mark.parametrize("provider", ["openai", "anthropic"])
def test_cross_validation_over_http_submits_the_merged_suite(
    bwrap_sandbox: LocalSandbox,
    task_set: TaskSet,
    server: LocalLlmServer,
    tmp_path: Path,
    provider: str,
) -> None:
    base = server.openai_base if provider == "openai" else server.base_url
    settings = LlmSettings(model=f"{provider}/local-model", api_base=base, api_key_env=KEY_ENV)
    runner = _runner(bwrap_sandbox, settings, tmp_path / "cache", "peer-cross-validation")
    task = task_set.get("clamp-range").public()
    result = runner.run(K3, task, RunnerLimits(test_timeout_s=30), tmp_path / "work")
    selection = next(p for p in result.trace.phases if p["phase"] == "selection")
    assert result.submission is not None and selection["selected"].startswith("merged:")
    expected = "/v1/chat/completions" if provider == "openai" else "/v1/messages"
    assert server.paths and set(server.paths) == {expected}
    # Usage is what the server billed; questions answered from memory (two pairs wrote
    # one suite: its second review) are counted apart, never billed.
    tally = next(p for p in result.trace.phases if p["phase"] == "reply-format")
    usage = result.trace.usage
    assert (usage.calls, usage.remembered_calls) == (server.calls, tally["repeats"])
    assert usage.output_tokens == server.completion_tokens > 0


def test_the_call_cap_holds_exactly_and_the_harness_stops_gracefully(
    bwrap_sandbox: LocalSandbox, task_set: TaskSet, server: LocalLlmServer, tmp_path: Path
) -> None:
    settings = LlmSettings(model="openai/local-model", api_base=server.openai_base)
    runner = _runner(bwrap_sandbox, settings, tmp_path / "cache", "peer-cross-validation")
    limits = RunnerLimits(test_timeout_s=30, model_calls=4)
    task = task_set.get("clamp-range").public()
    result = runner.run(K3, task, limits, tmp_path / "work")
    assert server.calls == 4  # never a fifth call on the wire
    stop = next(p for p in result.trace.phases if p["phase"] == "stop")
    assert "cap reached: calls" in stop["reason"]


def test_the_output_token_cap_stops_calls_before_they_are_sent(
    bwrap_sandbox: LocalSandbox, task_set: TaskSet, server: LocalLlmServer, tmp_path: Path
) -> None:
    settings = LlmSettings(model="openai/local-model", api_base=server.openai_base)
    runner = _runner(bwrap_sandbox, settings, tmp_path / "cache", "peer-cross-validation")
    # Each reply bills 8,000 output tokens; a call reserves 8,192 before it is sent. After
    # two calls (16,000) a third would pass 20,000, so it is never sent.
    server.always = Reply(tokens=(10, 8_000))
    limits = RunnerLimits(test_timeout_s=30, output_tokens=20_000)
    task = task_set.get("clamp-range").public()
    result = runner.run(K3, task, limits, tmp_path / "work")
    assert server.calls == 2
    assert server.completion_tokens == 16_000
    assert "cap reached: output_tokens" in result.trace.phases[-1]["reason"]


def test_a_malformed_reply_is_retried_once_and_the_task_goes_on(
    bwrap_sandbox: LocalSandbox, task_set: TaskSet, server: LocalLlmServer, tmp_path: Path
) -> None:
    settings = LlmSettings(model="openai/local-model", api_base=server.openai_base)
    runner = _runner(bwrap_sandbox, settings, tmp_path / "cache", "single")
    server.script(Garbage(), Garbage())  # planning fails twice: a typed failure, no crash
    task = task_set.get("clamp-range").public()
    result = runner.run(K3, task, RunnerLimits(test_timeout_s=30), tmp_path / "work")
    failures = [p for p in result.trace.phases if p["phase"] == "model-failure"]
    assert [f["failure"] for f in failures] == ["malformed"]
    assert "could not be parsed" in str(server.requests[1])  # the retry showed the error
    assert result.submission is not None  # the pair was still written and qualified


def test_run_task_shows_one_task_before_a_search_pays(
    bwrap_sandbox: LocalSandbox, server: LocalLlmServer, tmp_path: Path
) -> None:
    config = tmp_path / "one.toml"
    text = (ROOT / "experiments/testhelix_small.toml").read_text()
    text = text.replace('"http://127.0.0.1:8000/v1"', f'"{server.openai_base}"')
    text = text.replace('tasks = "tasks"', f'tasks = "{ROOT / "tests/fixtures/tasks"}"')
    text = text.replace(
        '"strategies/initial.json"', f'"{ROOT / "experiments/strategies/initial.json"}"'
    )
    config.write_text(
        text.replace("proposal = 4", "proposal = 1").replace("minibatch = 2", "minibatch = 1")
    )
    out = tmp_path / "out"
    result = run_rsi(
        "run-task", str(config), str(ROOT / "tests/fixtures/tasks/clamp-range"),
        "--strategy", str(ROOT / "experiments/strategies/initial.json"),
        "--out", str(out), "--panel", "--json",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr[-2000:]
    summary = json.loads(result.stdout)
    assert summary["scores"]["F"] == 1 and summary["scores"]["S"] == 1
    assert (out / "submission" / "run.sh").is_file() and (out / "trace.json").is_file()
    # the task's calls, plus the model check sent once before it (not the task's usage):
    # one request and two structured-output probes, which this server ignores
    assert server.preflights == 3
    repeats = summary["reply_format"]["repeats"] if summary["reply_format"] else 0
    assert summary["usage"]["calls"] == server.calls - server.preflights > 0  # billed
    assert summary["usage"]["remembered_calls"] == repeats  # answered from memory
    assert any(p["phase"] == "selection" for p in summary["phases"])


# -- a format stop drops every malformed reply of the search (issue 42, item 8) -----------


def _entries_and_shards(cache: Path) -> tuple[list[str], list[str]]:
    texts = [entry.text for entry in ResponseCache(cache).entries()]
    return texts, sorted(path.name for path in cache.iterdir()) if cache.exists() else []


def test_a_format_stop_drops_the_malformed_replies_of_earlier_tasks_and_their_shards(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Fails if only the tripping task forgets its replies, if a parse retry's malformed
    first reply is kept, or if emptied shard directories stay behind."""
    monkeypatch.setenv(KEY_ENV, "sk-FAKE-harness-9d1c")
    cache = tmp_path / "llm_cache"
    with LocalLlmServer(responder=lambda body: GOOD) as server:
        settings = LlmSettings(
            model="openai/local-model",
            api_base=server.openai_base,
            api_key_env=KEY_ENV,
            format_check_calls=8,
            max_malformed_share=0.6,  # it trips at the fifth malformed reply
        )
        models = LlmTaskModels(settings, ResponseCache(cache))
        limits = RunnerLimits(test_timeout_s=30)
        first, _ = models.open("task-1", limits)
        server.script(Garbage(), Reply())  # a malformed reply, then a good parse retry
        assert first(Judge, max_tokens=100, snippet="one").value is not None
        server.script(Garbage(), Garbage())
        assert first(Judge, max_tokens=100, snippet="two").value is None
        first.finish()  # three malformed: the check has not tripped yet
        assert len(_entries_and_shards(cache)[0]) == 4
        second, _ = models.open("task-2", limits)
        server.script(Garbage(), Garbage())
        with pytest.raises(HarnessStopped, match="does not follow the reply format"):
            second(Judge, max_tokens=100, snippet="three")

    texts, shards = _entries_and_shards(cache)
    assert texts == [GOOD]  # the parse retry's answer: well formed, kept
    assert len(shards) == 1


WRITE_TOOL = [{"type": "function", "function": {"name": "write_file", "parameters": {
    "type": "object", "properties": {"path": {"type": "string"}}}}}]  # fmt: skip


def _writes_or_judges(body: dict[str, Any]) -> str | ToolUse:
    if not body.get("tools"):
        return GOOD
    if "prose" in json.dumps(body["messages"]):
        return "I would rather describe the tests."
    return ToolUse(calls=(("call-1", "write_file", {"path": "tests/test_a.py"}),))


def test_the_reply_tally_counts_agent_turns_as_requests(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Fails if tool-calling turns are left out of `requests` (issue 42: "20 read, 1
    malformed; 0 requests" where the harness made 22 calls)."""
    monkeypatch.setenv(KEY_ENV, "sk-FAKE-harness-9d1c")
    with LocalLlmServer(responder=_writes_or_judges) as server:
        settings = LlmSettings(
            model="openai/local-model", api_base=server.openai_base, api_key_env=KEY_ENV
        )
        models = LlmTaskModels(settings, ResponseCache(tmp_path / "llm_cache"))
        session, _ = models.open("task-1", RunnerLimits(test_timeout_s=30))
        assert session(Judge, max_tokens=100, snippet="one").value is not None
        chat = session.tool_chat()
        for words in ("write a test", "write a test", "answer in prose"):
            chat.turn([{"role": "user", "content": words}], WRITE_TOOL, max_tokens=100)
        tally = session.finish()
        sent = server.calls

    assert sent == 3  # the repeated turn was answered from memory
    assert (tally["requests"], tally["repeats"]) == (4, 1)
    assert (tally["replies"], tally["malformed"]) == (3, 1)
