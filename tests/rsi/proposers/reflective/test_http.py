"""The reflective proposer through the real HTTP path (dspy.LM -> litellm -> a local server).

A full propose-and-reflect cycle, a hung session, the optimizer caps, replay from the reply
cache after a "resume", and what the prompts may contain. No real key, no internet.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from evaluators.llm import LlmSettings, ResponseCache, UsageCaps, UsageMeter
from rsi.proposers import (
    OptimizerBudgetExhausted,
    ProposalRefused,
    ReflectiveProposer,
    ScreenFeedback,
    SessionTimeouts,
)
from tests.support.llm_server import LocalLlmServer, Status, message_text
from tests.support.reflective_context import (
    GOOD_LESSON,
    TASKS,
    make_context,
    revision,
    selection,
)

REFERENCE_LINE = "assert solve('zz-planted-reference') == 'REFERENCE-4711'"
NOTEBOOK = {"insights": [{"text": "Lessons on table layout help.", "evidence": ["cli-table"]}]}
VERDICT = ScreenFeedback(passed=False, gain=0, regressions=0, reason="no gain")


def reply(name: str, value: dict[str, Any]) -> str:
    return f"[[ ## {name} ## ]]\n{json.dumps(value)}\n\n[[ ## completed ## ]]"


def session_of(body: dict[str, Any]) -> str:
    """Which session a request is, from the output field its system message announces."""
    system = body["messages"][0]["content"]
    for name in ("selection", "revision", "notebook"):
        if f"`{name}` (" in system:
            return name
    raise AssertionError("not a reflective session")


def responder(body: dict[str, Any]) -> str:
    name = session_of(body)
    if name == "selection":
        return reply(name, selection("lessons", "add"))
    if name == "revision":
        return reply(name, revision(GOOD_LESSON, ["cli-table"]))
    return reply(name, NOTEBOOK)


@pytest.fixture
def server() -> Iterator[LocalLlmServer]:
    with LocalLlmServer(responder=responder) as running:
        yield running


def settings_for(server: LocalLlmServer, **changes: object) -> LlmSettings:
    base = {"model": "openai/local-model", "api_base": server.openai_base}
    return LlmSettings.model_validate({**base, "transport_retries": 0, **changes})


def proposer_for(
    server: LocalLlmServer,
    cache_dir: Path | None = None,
    caps: UsageCaps | None = None,
    timeouts: SessionTimeouts | None = None,
) -> ReflectiveProposer:
    meter = UsageMeter(caps or UsageCaps(calls=50, wall_s=3600), "optimizer")
    return ReflectiveProposer(
        settings_for(server),
        meter,
        ResponseCache(cache_dir) if cache_dir else None,
        timeouts=timeouts or SessionTimeouts(),
        known_task_ids=["dev-task-1"],
    )


def test_a_full_propose_and_reflect_cycle(server: LocalLlmServer, tmp_path: Path) -> None:
    proposer = proposer_for(server, tmp_path / "llm_cache")
    context = make_context()
    proposal = proposer.propose(context)
    assert proposal.edit == GOOD_LESSON and proposal.session == "diagnosis"
    result = proposer.reflect(context, proposal, VERDICT)
    assert [i.render() for i in result.insights] == [
        "Lessons on table layout help. (evidence: cli-table)"
    ]
    assert [session_of(b) for b in server.requests] == ["selection", "revision", "notebook"]
    # The cost is what the server billed, as the meter counted it.
    used = proposer.usage()
    assert (used.calls, used.input_tokens, used.output_tokens) == (
        3,
        server.prompt_tokens,
        server.completion_tokens,
    )
    assert proposal.cost.calls + result.cost.calls == 3
    assert proposal.cost.input_tokens + result.cost.input_tokens == server.prompt_tokens


def test_a_hung_session_is_a_session_timeout_and_returns_before_the_server_answers(
    server: LocalLlmServer,
) -> None:
    release = threading.Event()

    def hang(body: dict[str, Any]) -> str:
        release.wait(60)
        return responder(body)

    server.responder = hang
    proposer = proposer_for(server, timeouts=SessionTimeouts(selection_s=0.5))
    try:
        with pytest.raises(ProposalRefused) as caught:
            proposer.propose(make_context())
        # The server is still holding the request: the session did not wait for it.
        assert server.in_flight == 1 and server.calls == 1
    finally:
        release.set()
    assert (caught.value.reason, caught.value.session) == ("session_timeout", "selection")


def test_a_server_error_is_an_llm_failure_rejection(server: LocalLlmServer) -> None:
    server.always = Status(500)
    with pytest.raises(ProposalRefused) as caught:
        proposer_for(server).propose(make_context())
    assert caught.value.reason == "llm_failure" and server.calls == 1


def test_the_call_cap_raises_the_budget_exception_naming_it(server: LocalLlmServer) -> None:
    proposer = proposer_for(server, caps=UsageCaps(calls=1, wall_s=3600))
    with pytest.raises(OptimizerBudgetExhausted) as caught:
        proposer.propose(make_context())
    assert caught.value.cap == "calls" and not isinstance(caught.value, ProposalRefused)
    assert server.calls == 1 and proposer.usage().calls == 1  # the diagnosis was never sent


def test_the_input_token_cap_stops_before_anything_is_sent(server: LocalLlmServer) -> None:
    proposer = proposer_for(server, caps=UsageCaps(input_tokens=200, wall_s=3600))
    with pytest.raises(OptimizerBudgetExhausted) as caught:
        proposer.propose(make_context())
    assert caught.value.cap == "input_tokens" and server.calls == 0


def test_a_resumed_proposer_replays_the_same_sessions_from_the_cache(
    server: LocalLlmServer, tmp_path: Path
) -> None:
    cache = tmp_path / "run" / "llm_cache"
    first = proposer_for(server, cache)
    proposal = first.propose(make_context())
    first.reflect(make_context(), proposal, VERDICT)
    assert server.calls == 3
    again = proposer_for(server, cache)  # a new instance and meter, as after `rsi resume`
    replayed = again.propose(make_context())
    again.reflect(make_context(), replayed, VERDICT)
    assert server.calls == 3, "a resumed search paid for a session twice"
    assert replayed.edit == proposal.edit and replayed.rationale == proposal.rationale
    assert again.usage().cached_calls == 3
    # Another attempt is another question: it is asked, not replayed.
    again.propose(make_context(attempt=2))
    assert server.calls == 5


def test_no_prompt_holds_anything_but_the_context(server: LocalLlmServer, tmp_path: Path) -> None:
    """Hidden material lies beside the run (judge traces, a task's reference, a release
    evaluation); the sessions read only the context, so it reaches no request."""
    run_dir = tmp_path / "runs" / "r1"
    (run_dir / "traces").mkdir(parents=True)
    (run_dir / "traces" / "judge-cli-table.log").write_text(REFERENCE_LINE)
    (run_dir / "release.json").write_text(json.dumps({"outcomes": {"x": REFERENCE_LINE}}))
    solution = tmp_path / "tasks" / "cli-table" / "solution"
    solution.mkdir(parents=True)
    (solution / "app.py").write_text(REFERENCE_LINE)
    proposer = proposer_for(server, run_dir / "llm_cache")
    context = make_context()
    proposal = proposer.propose(context)
    proposer.reflect(context, proposal, VERDICT)
    texts = [message_text(body) for body in server.requests]
    assert len(texts) == 3
    assert not any("REFERENCE-4711" in text or "zz-planted" in text for text in texts)
    # The control: what the context does hold reaches the sessions.
    for _, instruction, _ in TASKS.values():
        assert all(instruction in text for text in texts)
    assert all("separator line under the header row" in text for text in texts)
