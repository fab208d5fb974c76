"""The reflective proposer's agent sessions through the real tool-call path (ToolChat ->
litellm -> the local server), driven by the scripted optimizer of
tests/support/optimizer_model.py: reading the workspace, host-checked answers the session
corrects, session 0's choice, the caps, and replay from the reply cache."""

from __future__ import annotations

import dataclasses
import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from evaluators.llm import LlmSettings, ResponseCache, UsageCaps, UsageMeter
from rsi.proposers import (
    DagNode,
    OptimizerBudgetExhausted,
    ProposalContext,
    ProposalRefused,
    ReflectiveProposer,
    ScreenFeedback,
    SelectionContext,
    SessionSteps,
    SessionTimeouts,
)
from rsi.proposers.reflective import namespace
from search_space import SearchSpace
from tests.support.llm_server import LocalLlmServer, Status
from tests.support.optimizer_model import Optimizer, rule_parent
from tests.support.reflective_context import PARENT, feedback, make_context

CAUSE = "cause: toolOutputChars (the failure section was cut before the author read it)"


def planted_context() -> ProposalContext:
    """The minibatch where only algo-merge's trace names the cause."""
    tasks = tuple(
        dataclasses.replace(t, trace={**t.trace, "review": {"note": CAUSE}})
        if t.task_id == "algo-merge"
        else t
        for t in feedback()
    )
    return make_context(tasks=tasks)


@pytest.fixture
def model() -> Optimizer:
    return Optimizer()


@pytest.fixture
def server(model: Optimizer) -> Iterator[LocalLlmServer]:
    with LocalLlmServer(responder=model) as running:
        yield running


def proposer_for(
    server: LocalLlmServer,
    home: Path,
    *,
    cache: bool = True,
    caps: UsageCaps | None = None,
    timeouts: SessionTimeouts | None = None,
    steps: SessionSteps | None = None,
    with_traces: bool = True,
) -> ReflectiveProposer:
    settings = LlmSettings.model_validate(
        {"model": "openai/local-model", "api_base": server.openai_base, "transport_retries": 0}
    )
    return ReflectiveProposer(
        settings,
        UsageMeter(caps or UsageCaps(calls=50, wall_s=3600), "optimizer"),
        ResponseCache(home / "llm_cache") if cache else None,
        timeouts=timeouts or SessionTimeouts(),
        steps=steps or SessionSteps(),
        known_task_ids=["dev-task-1"],
        workspaces=home / "workspaces",
        with_traces=with_traces,
    )


def test_the_diagnosis_finds_the_field_only_in_one_tasks_trace_file(
    server: LocalLlmServer, tmp_path: Path
) -> None:
    reading = proposer_for(server, tmp_path / "reading").propose(planted_context())
    assert reading.field == "toolOutputChars"
    (trace,) = reading.sessions
    assert trace.trace_chars > 0
    assert trace.calls[0]["tool"] == "grep"
    assert trace.calls[0]["arguments"].startswith('{"path": "tasks"')  # path first
    assert [c["tool"] for c in trace.calls] == ["grep", "propose_edit", "submit"]
    assert len(trace.seconds) == len(trace.calls)
    written = tmp_path / "reading/workspaces/round-2/attempt-1"
    assert (written / "diagnosis/tasks/algo-merge/trace/review.json").is_file()
    assert json.loads((written / "diagnosis.json").read_text())["calls"][0]["seconds"] >= 0

    blind = proposer_for(server, tmp_path / "blind", with_traces=False)
    proposal = blind.propose(planted_context())
    assert proposal.field != "toolOutputChars"  # the cause is nowhere else
    assert proposal.sessions[0].trace_chars == 0


def test_a_refused_edit_is_corrected_within_the_session(tmp_path: Path) -> None:
    with LocalLlmServer(responder=Optimizer(wrong_first=True)) as server:
        proposal = proposer_for(server, tmp_path).propose(planted_context())
    assert proposal.field == "toolOutputChars"
    calls = proposal.sessions[0].calls
    assert [(c["tool"], c["refused"]) for c in calls] == [
        ("grep", False),
        ("propose_edit", True),  # initialCandidates is frozen
        ("propose_edit", False),
        ("submit", False),
    ]


def test_a_session_with_no_accepted_edit_is_refused_with_the_last_reason(tmp_path: Path) -> None:
    """wrong_first plus a step cap of two: the correction never comes."""
    with LocalLlmServer(responder=Optimizer(wrong_first=True)) as server:
        proposer = proposer_for(server, tmp_path, steps=SessionSteps(diagnosis=2))
        with pytest.raises(ProposalRefused) as refused:
            proposer.propose(planted_context())
    assert refused.value.reason == "frozen_field"
    assert refused.value.edit == {"op": "set_scalar", "field": "initialCandidates", "value": 2}
    assert refused.value.sessions[0].stop == "step cap (2) spent"


def _tool_results(request: str) -> list[str]:
    return [str(m.get("content")) for m in json.loads(request)["messages"] if m["role"] == "tool"]


def test_the_refusal_reason_reaches_the_models_next_request(tmp_path: Path) -> None:
    """The host's refusal is answered with its machine-readable reason, so the model can
    correct itself: the request after a refused edit of a frozen field carries
    `frozen_field`, and the one after choosing a parent that was never kept
    `parent_not_kept`, each in the refused call's tool result."""
    model = Optimizer(wrong_first=True, parent=lambda body: "ghost")
    with LocalLlmServer(responder=model) as server:
        proposer = proposer_for(server, tmp_path)
        proposer.propose(planted_context())
        diagnosis = len(model.requests)
        proposer.choose_parent(selection_context())
    after_edit = next(
        _tool_results(r)[-1] for r in model.requests[:diagnosis] if len(_tool_results(r)) == 2
    )
    assert after_edit.startswith("refused: frozen_field: "), after_edit
    after_choice = next(
        _tool_results(r)[-1] for r in model.requests[diagnosis:] if len(_tool_results(r)) == 2
    )
    assert after_choice.startswith("refused: parent_not_kept: "), after_choice


def test_the_cache_namespace_differs_by_attempt_and_by_parent() -> None:
    """A session's replies are cached under its context's (seed, round, attempt, parent):
    two contexts that differ only by attempt, or only by parent, never share a namespace,
    and the same context always gives the same one (a resumed search replays it)."""
    base = make_context(attempt=1)
    other_attempt = make_context(attempt=2)
    other_parent = dataclasses.replace(base, parent_id="parent00000b")
    for session in ("diagnosis", "reflection"):
        key = namespace(base, session)
        assert key == namespace(make_context(attempt=1), session)
        assert namespace(other_attempt, session) != key
        assert namespace(other_parent, session) != key
    assert namespace(base, "diagnosis") != namespace(base, "reflection")


def selection_context() -> SelectionContext:
    dag = (
        DagNode(0, 0, None, "best", "initial", None, None, "initial", "initial", dev_rar=0.5),
        DagNode(1, 1, "best", "older", "reflective", "agentSteps", {}, "kept", "gain",
                1, 2, 0, dev_rar=0.25),
    )  # fmt: skip
    return SelectionContext(
        round=3, seed=42, rule_parent_id="best", kept={"best": PARENT, "older": PARENT},
        dag=dag, notes=(), space=SearchSpace(),
    )  # fmt: skip


def test_session_zero_picks_a_parent_that_is_not_the_best_when_told(tmp_path: Path) -> None:
    with LocalLlmServer(responder=Optimizer(parent=lambda body: "older")) as server:
        choice = proposer_for(server, tmp_path).choose_parent(selection_context())
    assert (choice.parent_id, choice.chosen_by, choice.field) == ("older", "optimizer", "maxRounds")
    assert choice.session is not None and choice.session.calls[0]["tool"] == "read_file"
    assert (tmp_path / "workspaces/round-3/selection/candidates/older.json").is_file()


def test_the_host_refuses_a_parent_that_was_never_kept(tmp_path: Path) -> None:
    with LocalLlmServer(responder=Optimizer(parent=lambda body: "ghost")) as server:
        choice = proposer_for(server, tmp_path).choose_parent(selection_context())
    assert choice.parent_id == "best"  # the model read the refusal and chose again
    assert choice.session is not None
    assert [(c["tool"], c["refused"]) for c in choice.session.calls] == [
        ("read_file", False),
        ("choose_parent", True),
        ("choose_parent", False),
    ]


def test_reflection_reads_the_childs_traces_and_records_insights(
    server: LocalLlmServer, tmp_path: Path
) -> None:
    context = planted_context()
    proposer = proposer_for(server, tmp_path)
    proposal = proposer.propose(context)
    child = tuple(dataclasses.replace(t, success=True) for t in context.feedback)
    verdict = ScreenFeedback(True, 2, 0, "gain", gained=("cli-table", "algo-merge"), child=child)
    result = proposer.reflect(context, proposal, verdict)
    assert [i.text for i in result.insights] == ["editing agentSteps was screened"]
    assert result.trace is not None and result.trace.stop == "submitted"
    folder = tmp_path / "workspaces/round-2/attempt-1/reflection"
    assert (folder / "child/algo-merge/outcome.json").is_file()
    assert json.loads((folder / "verdict.json").read_text())["gained"] == [
        "cli-table",
        "algo-merge",
    ]


def test_reflection_on_a_screen_decided_early_is_told_the_tasks_never_run(
    server: LocalLlmServer, model: Optimizer, tmp_path: Path
) -> None:
    """A raced screen (`[search] stop_when_decided`) ran the child on some tasks only: the
    session's opening message and verdict.json name the others, and no child trace is
    written for them. Fails if `ScreenFeedback.skipped` is dropped on the way."""
    context = planted_context()
    proposer = proposer_for(server, tmp_path)
    proposal = proposer.propose(context)
    ran, *never = [t.task_id for t in context.feedback]
    child = tuple(dataclasses.replace(t, success=False) for t in context.feedback[:1])
    lost = (ran,) if context.feedback[0].success else ()
    verdict = ScreenFeedback(
        False, -len(lost), len(lost), "regression", lost=lost, skipped=tuple(never), child=child
    )
    proposer.reflect(context, proposal, verdict)
    folder = tmp_path / "workspaces/round-2/attempt-1/reflection"
    assert json.loads((folder / "verdict.json").read_text())["skipped"] == never
    assert (folder / f"child/{ran}/outcome.json").is_file()
    assert not any((folder / f"child/{task}").exists() for task in never)
    opening = next(r for r in model.requests if "DISCARDED" in r)
    assert f"Not run (the verdict was fixed without them): {', '.join(never)}" in opening


def test_a_resumed_proposer_replays_the_sessions_from_the_cache(
    server: LocalLlmServer, model: Optimizer, tmp_path: Path
) -> None:
    first = proposer_for(server, tmp_path).propose(planted_context())
    paid = len(model.requests)
    again = proposer_for(server, tmp_path)  # a new process on the same run dir
    replayed = again.propose(planted_context())
    assert len(model.requests) == paid  # nothing sent twice
    assert (replayed.edit, replayed.sessions[0].calls) == (first.edit, first.sessions[0].calls)
    assert again.usage().cached_calls == paid  # every turn replayed, none sent


def test_the_call_cap_raises_the_budget_exception_naming_it(
    server: LocalLlmServer, tmp_path: Path
) -> None:
    proposer = proposer_for(server, tmp_path, caps=UsageCaps(calls=2, wall_s=3600))
    with pytest.raises(OptimizerBudgetExhausted) as caught:
        proposer.propose(planted_context())
    assert caught.value.cap == "calls" and caught.value.cost.calls == 2


def test_the_session_time_bounds_a_hung_call(tmp_path: Path) -> None:
    release = threading.Event()

    def hang(body: dict[str, Any]) -> str:
        release.wait(30)
        return "late"

    with LocalLlmServer(responder=hang) as server:
        proposer = proposer_for(server, tmp_path, timeouts=SessionTimeouts(diagnosis_s=1.0))
        try:
            with pytest.raises(ProposalRefused) as caught:
                proposer.propose(planted_context())
        finally:
            release.set()
    assert caught.value.reason == "session_timeout"


def test_a_server_error_is_an_llm_failure_rejection(tmp_path: Path) -> None:
    with LocalLlmServer(responder=Optimizer()) as server:
        server.always = Status(500)
        with pytest.raises(ProposalRefused) as caught:
            proposer_for(server, tmp_path).propose(planted_context())
    assert caught.value.reason == "llm_failure"


def test_the_rule_parent_is_named_in_session_zeros_first_message(tmp_path: Path) -> None:
    model = Optimizer()
    with LocalLlmServer(responder=model) as server:
        proposer_for(server, tmp_path).choose_parent(selection_context())
    assert rule_parent(json.loads(model.requests[0])) == "best"
