"""Pairs as coding agents (issue 31) through the real client path (litellm, native tool
calls) against the local OpenAI- and Anthropic-compatible servers, with a scripted
tool-using model (tests/support/agent_model.py):
- a pair browses, writes a bash suite behind run.sh, runs it, repairs and submits, and
  the judge scores the submitted suite F = 1 on the non-Python task sh-slugify;
- agentSteps within its range changes what a pair can do;
- the trace records every tool call; reads outside the workspace, a planted reference
  path and the network are refused or find nothing;
- the harness deadline (the paper's caps) stops a slow pair;
- a model that dies mid-run stops the model's health (unreachable) through the agents'
  tool turns.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest

from evaluators.judging.judge import judge
from evaluators.judging.metrics import score_task
from evaluators.llm import LlmSettings, ResponseCache
from evaluators.runners.base import RunnerLimits, RunnerResult
from evaluators.runners.testhelix import HarnessSettings, LlmTaskModels, TestHelixRunner
from evaluators.runners.testhelix.agent import harness_wall_s, suite_timeout_s
from evaluators.runners.testhelix.agent.loop import within_budget
from evaluators.sandbox import LocalSandbox
from evaluators.tasks import TaskSet
from rsi.cli.run_task import reply_format
from search_space import SKILLS_BY_NAME, Component, Context, Lesson, SkillRoute, Strategy
from tests.support.agent_model import (
    PLANNED,
    SLUGIFY,
    AgentModel,
    Plan,
    review_plan,
    slugify_plan,
)
from tests.support.llm_server import LocalLlmServer, ToolUse

ONE = Strategy(initialCandidates=1, maxCandidates=1)


@pytest.fixture(scope="module")
def polyglot() -> TaskSet:
    return TaskSet.load(SLUGIFY.parent)


def _run(
    sandbox: LocalSandbox,
    tasks: TaskSet,
    tmp_path: Path,
    plan: Plan,
    *,
    provider: str = "openai",
    strategy: Strategy = ONE,
    limits: RunnerLimits | None = None,
    configuration: str = "single",
    review: Plan | None = None,
) -> tuple[RunnerResult, LocalLlmServer]:
    with LocalLlmServer(responder=AgentModel(plan, review)) as server:
        base = server.openai_base if provider == "openai" else server.base_url
        settings = LlmSettings(model=f"{provider}/local-model", api_base=base)
        models = LlmTaskModels(settings, ResponseCache(tmp_path / "cache"))
        harness = HarnessSettings(configuration=configuration, execution_repeats=1, pairs="agent")
        runner = TestHelixRunner(sandbox, models, harness)
        result = runner.run(
            strategy,
            tasks.get("sh-slugify").public(),
            limits or RunnerLimits(test_timeout_s=30),
            tmp_path / "work",
        )
    return result, server


def _user_text(body: dict[str, Any]) -> str:
    """Every message's text of a request, as the model reads it."""
    return "\n".join(str(m.get("content") or "") for m in body.get("messages", []))


def _agent(result: RunnerResult) -> dict[str, object]:
    return next(p for p in result.trace.phases if p["phase"] == "agent-pair")


@pytest.mark.parametrize("provider", ["openai", "anthropic"])
def test_an_agent_pair_submits_a_bash_suite_the_judge_scores_f1(
    bwrap_sandbox: LocalSandbox, polyglot: TaskSet, tmp_path: Path, provider: str
) -> None:
    result, server = _run(bwrap_sandbox, polyglot, tmp_path, slugify_plan(), provider=provider)
    assert result.submission is not None, result.trace.phases
    assert sorted(p.name for p in result.submission.iterdir()) == ["cases.sh", "run.sh"]
    judgement = judge(polyglot.get("sh-slugify"), result.submission, bwrap_sandbox, panel=True)
    scores = score_task(judgement.outcomes())
    assert scores.F == 1 and scores.S == 1  # and it accepts both valid, rejects both invalid
    agent = _agent(result)
    calls = agent["tool_calls"]
    assert isinstance(calls, list)
    assert [c["tool"] for c in calls] == [name for name, _ in slugify_plan()]
    assert all(c["output_chars"] > 0 and not c["refused"] for c in calls)
    assert (
        calls[4]["arguments"] == '{"command": "bash \\"$TESTS_DIR/run.sh\\"", "target": "initial"}'
    )
    assert len(calls[3]["arguments"]) == 200  # the cases file's write, cut for the trace
    assert [t["tool"] for t in result.trace.timings] == [c["tool"] for c in calls]
    assert all(isinstance(t["seconds"], float) for t in result.trace.timings)
    assert agent["stop"] == "submitted" and result.trace.usage.steps == 11
    expected = "/v1/chat/completions" if provider == "openai" else "/v1/messages"
    assert set(server.paths) == {expected} and server.calls == 12  # a plan, 11 turns
    # Direction planning first (a structured question), then native tool calling; the
    # planned direction guides the first solver.
    assert "tools" not in server.requests[0]
    assert all("tools" in body for body in server.requests[1:])
    planning = next(p for p in result.trace.phases if p["phase"] == "planning")
    assert planning["planned"] == 1 and agent["direction"] == PLANNED
    assert PLANNED in json.dumps(server.requests[1])


def test_agent_steps_within_their_range_change_what_a_pair_can_do(
    bwrap_sandbox: LocalSandbox, polyglot: TaskSet, tmp_path: Path
) -> None:
    short, _ = _run(
        bwrap_sandbox, polyglot, tmp_path / "10", slugify_plan(),
        strategy=ONE.model_copy(update={"agent_steps": 10}),
    )  # fmt: skip
    assert short.submission is None
    assert _agent(short)["stop"] == "agentSteps (10) spent" and _agent(short)["steps"] == 10
    enough, _ = _run(
        bwrap_sandbox, polyglot, tmp_path / "12", slugify_plan(),
        strategy=ONE.model_copy(update={"agent_steps": 12}),
    )  # fmt: skip
    assert enough.submission is not None


def test_reads_outside_the_workspace_hidden_paths_and_the_network_find_nothing(
    bwrap_sandbox: LocalSandbox, polyglot: TaskSet, tmp_path: Path
) -> None:
    reference = SLUGIFY / "solution/slugify.sh"
    network = "python3 -c \"import socket; socket.create_connection(('1.1.1.1', 80), 3)\""
    plan: Plan = [
        ("read_file", {"path": "../../../../etc/passwd"}),
        ("read_file", {"path": str(reference)}),
        ("list_files", {"path": "/"}),
        ("read_file", {"path": ".initial/slugify.sh"}),
        ("run", {"command": f"cat {reference}; ls {SLUGIFY}"}),
        ("run", {"command": network}),
        ("submit", {}),
    ]
    result, server = _run(bwrap_sandbox, polyglot, tmp_path, plan)
    calls = _agent(result)["tool_calls"]
    assert isinstance(calls, list)
    assert [c["refused"] for c in calls] == [True, True, True, True, False, False, True]
    # What the model was shown, from the last request's tool results.
    shown = {m["tool_call_id"]: m["content"] for m in server.requests[-1]["messages"]
             if m.get("role") == "tool"}  # fmt: skip
    assert shown["call_0"].startswith("refused: ") and shown["call_1"].startswith("refused: ")
    assert "No such file or directory" in shown["call_4"]  # the host path is not there
    assert shown["call_5"].startswith("outcome: fail") and "Error" in shown["call_5"]
    output = result.trace.model_dump_json() + json.dumps(server.requests)
    secret = "tr -cs"  # the reference's one difference from the initial program
    assert secret not in output
    work = tmp_path / "work"
    assert not any(secret in p.read_text(errors="ignore") for p in work.rglob("*") if p.is_file())
    assert result.submission is None


def test_the_harness_deadline_stops_a_slow_pair(
    bwrap_sandbox: LocalSandbox, polyglot: TaskSet, tmp_path: Path
) -> None:
    plan: Plan = [("run", {"command": "sleep 3"})] * 8
    limits = RunnerLimits(test_timeout_s=30, wall_s=2)
    result, server = _run(bwrap_sandbox, polyglot, tmp_path, plan, limits=limits)
    agent = _agent(result)
    # The plan, then one turn whose `sleep 3` is cut at the 2 s cap (no turn at all when
    # the plan alone outlasts the cap on a loaded machine).
    assert agent["steps"] <= 1 and server.calls == 1 + agent["steps"]
    assert agent["stop"] == "the harness deadline passed"


def test_the_papers_caps() -> None:
    assert harness_wall_s(600) == 460  # T - min(120, T/4) - 20 at the default T
    assert harness_wall_s(2000) == 900  # never above the 900 s cap
    assert harness_wall_s(200) == 130
    assert (
        suite_timeout_s(60) == 60 and suite_timeout_s(600) == 180 and suite_timeout_s(None) == 180
    )


@pytest.mark.parametrize("blocking", [False, True])
def test_configuration_c_reviews_each_suite_in_a_fresh_copy_without_the_repair(
    bwrap_sandbox: LocalSandbox, polyglot: TaskSet, tmp_path: Path, blocking: bool
) -> None:
    finding = {
        "test": "cases.sh",
        "blocking": True,
        "evidence": "The slug never starts or ends with `-`.",
        "problem": "pins a detail",
    }
    review = review_plan(*([finding] if blocking else []))
    route = SkillRoute(context=Context.CLI, skill="cli-output", review_skill="assertion-review")
    lesson = Lesson(
        id="quote-spec", triggers=("slug",), text="Quote the clause.", component=Component.REVIEW
    )
    two = Strategy(initialCandidates=2, maxCandidates=2, skillRoutes=(route,), lessons=(lesson,))
    result, server = _run(
        bwrap_sandbox, polyglot, tmp_path, slugify_plan(), strategy=two,
        configuration="peer-cross-validation", review=review,
    )  # fmt: skip
    reviews = [p for p in result.trace.phases if p["phase"] == "agent-review"]
    assert [r["pair"] for r in reviews] == [0, 1]
    for r in reviews:
        assert r["stop"] == "reported" and r["covered"] == ["1", "2", "3"]
        assert r["checks"] == ["the suite fails on the unrepaired program"]
        assert r["approved"] is not blocking
        assert [f["verified"] for f in r["findings"]] == ([True] if blocking else [])
    review_requests = [b for b in server.requests if "report" in str(b.get("tools"))]
    # The route's review skill and the review lesson reach review turns only; its
    # generation skill reaches the pairs only.
    pair_requests = [b for b in server.requests if b not in review_requests]
    assert all(r["skill"] == "assertion-review" for r in reviews)
    assert all("Specialist skill assertion-review" in json.dumps(b) for b in review_requests)
    assert all("Lesson quote-spec" in json.dumps(b) for b in review_requests)
    assert all("Specialist skill cli-output" in json.dumps(b) for b in pair_requests)
    # A route loads the skill's whole text (paper C.3.1), as load_skill would return it.
    for name, requests in (("assertion-review", review_requests), ("cli-output", pair_requests)):
        method = SKILLS_BY_NAME[name].method.splitlines()[-1]
        assert all(method in _user_text(b) for b in requests)
    assert not any(
        SKILLS_BY_NAME["assertion-review"].method.splitlines()[0] in json.dumps(b)
        for b in pair_requests
    )
    assert not any("assertion-review" in json.dumps(b) for b in pair_requests)
    assert not any("quote-spec" in json.dumps(b) for b in pair_requests)
    assert review_requests and all(
        (b.get("max_tokens") or b.get("max_completion_tokens")) == two.review_max_output_tokens
        for b in review_requests
    )
    # The reviewer ran the program unrepaired: the initial bug shows ('a--b').
    work = tmp_path / "work" / "agents" / "review0"
    assert (work / "tests" / "run.sh").is_file()
    assert (work / "app" / "slugify.sh").read_text() == (
        SLUGIFY / "environment" / "slugify.sh"
    ).read_text()
    assert (result.submission is None) is blocking


def test_context_tokens_bound_what_the_agent_keeps_in_view() -> None:
    messages = [
        {"role": "system", "content": "s" * 100},
        {"role": "tool", "tool_call_id": "a", "content": "x" * 5_000},
        {"role": "tool", "tool_call_id": "b", "content": "y" * 5_000},
    ]
    assert within_budget(messages, 20_000) == messages
    sent = within_budget(messages, 6_000)
    assert sent[1]["content"].startswith("[output elided") and sent[2] == messages[2]
    assert messages[1]["content"] == "x" * 5_000  # the session's history is unchanged


def test_configuration_b_submits_one_agent_suite(
    bwrap_sandbox: LocalSandbox, polyglot: TaskSet, tmp_path: Path
) -> None:
    two = Strategy(initialCandidates=2, maxCandidates=2)
    result, _ = _run(
        bwrap_sandbox, polyglot, tmp_path, slugify_plan(), strategy=two,
        configuration="random-submission",
    )  # fmt: skip
    selection = next(p for p in result.trace.phases if p["phase"] == "selection")
    assert result.submission is not None and selection["selected"] in ("pair0", "pair1")
    assert len([p for p in result.trace.phases if p["phase"] == "agent-pair"]) == 2


def test_a_model_that_never_calls_a_tool_stops_as_no_tool_calls(
    bwrap_sandbox: LocalSandbox, polyglot: TaskSet, tmp_path: Path
) -> None:
    with LocalLlmServer(responder=lambda body: "I would write some tests here.") as server:
        settings = LlmSettings(model="openai/local-model", api_base=server.openai_base)
        cache = ResponseCache(tmp_path / "cache")
        models = LlmTaskModels(settings, cache)
        harness = HarnessSettings(configuration="single", execution_repeats=1, pairs="agent")
        runner = TestHelixRunner(bwrap_sandbox, models, harness)
        task = polyglot.get("sh-slugify").public()
        result = runner.run(ONE, task, RunnerLimits(test_timeout_s=30), tmp_path / "work")
    # Named as what it is: the model called no tool (not "does not follow the format").
    assert result.health is not None and result.health.cause == "no-tool-calls"
    assert "the model openai/local-model called no tool" in result.health.message
    assert "I would write some tests here." in result.health.message
    assert result.submission is None
    # `rsi run-task`'s verdict on the tally says the same, not "does not follow the format".
    tally = reply_format(list(result.trace.phases))
    assert tally is not None and tally["no_tool"] == ONE.agent_steps
    assert tally["verdict"].startswith("the model openai/local-model called no tool")
    # The plan's prose reply and its one retry, then each prose turn cost a step, then
    # the task ended.
    assert server.calls == 2 + ONE.agent_steps
    assert cache.entries() == []  # forgotten: a resumed search asks the fixed model again


class DiesAfter:
    """Answers `after` turns of `inner`, then the server stops listening (a model that
    dies mid-run: later requests meet a refused connection) while the agent is busy in
    its last tool call."""

    def __init__(self, inner: AgentModel, after: int) -> None:
        self.inner, self.after, self.answered = inner, after, 0
        self.server: LocalLlmServer | None = None

    def __call__(self, body: dict[str, Any]) -> str | ToolUse:
        self.answered += 1
        if self.answered == self.after and self.server is not None:
            threading.Timer(0.2, self.server.stop).start()
        return self.inner(body)


def test_a_model_that_dies_during_agent_pairs_stops_as_unreachable(
    bwrap_sandbox: LocalSandbox, polyglot: TaskSet, tmp_path: Path
) -> None:
    plan: Plan = [("list_files", {"path": "."}), ("run", {"command": "sleep 1.5"})]
    dying = DiesAfter(AgentModel(plan), after=3)  # the plan and two turns
    with LocalLlmServer(responder=dying) as server:
        dying.server = server
        settings = LlmSettings(
            model="openai/local-model", api_base=server.openai_base, max_consecutive_failures=2
        )
        models = LlmTaskModels(settings, ResponseCache(tmp_path / "cache"))
        harness = HarnessSettings(configuration="single", execution_repeats=1, pairs="agent")
        runner = TestHelixRunner(bwrap_sandbox, models, harness)
        task = polyglot.get("sh-slugify").public()
        limits = RunnerLimits(test_timeout_s=30)
        result = runner.run(ONE, task, limits, tmp_path / "work")
        assert result.health is not None and result.health.cause == "unreachable"
        assert "is unreachable: 2 consecutive calls failed" in result.health.message
        assert result.submission is None and result.trace.error == result.health.message
        # The stop reason is the model's, not a round's verdict ("converged in round 1").
        stop = next(p for p in result.trace.phases if p["phase"] == "stop")
        assert stop["reason"] == result.health.message
        failures = _agent(result)["failures"]
        assert [f["failure"] for f in failures] == ["transport", "transport"]
        # Once open, a turn the cache cannot answer fails at once and nothing is sent: the
        # task run again replays its two paid turns, then stops without a third request.
        again = runner.run(ONE, task, limits, tmp_path / "again")
        assert again.health == result.health and _agent(again)["steps"] == 2
        assert "is unreachable" in str(_agent(again)["stop"])
        assert [f["failure"] for f in _agent(again)["failures"]] == ["unavailable"]
    assert server.calls == 3
