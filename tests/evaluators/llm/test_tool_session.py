"""`ToolSession`: the one bounded agent session over `ToolChat`, through the local server: it stops
when the host says done, at its step cap, at its deadline (which bounds a hung call too),
and at a reached cap; every call is traced with cut arguments (path first) and seconds, every
turn counted and kept whole in the transcript; a call after the host said done is refused."""

from __future__ import annotations

import threading
import time
from typing import Any

from evaluators.llm import (
    Answered,
    LlmSettings,
    ModelHealth,
    SessionHooks,
    SessionRun,
    ToolAnswer,
    ToolCall,
    ToolChat,
    ToolSession,
    UsageCaps,
    UsageMeter,
    tool_spec,
)
from evaluators.llm.tool_session import NO_TOOL
from tests.support.llm_server import LocalLlmServer, Reply, Status, ToolUse

TOOLS = (
    tool_spec("note", "Write a note.", path={"type": "string"}, text={"type": "string"}),
    tool_spec("finish", "End the session."),
)


def _tool_results(body: dict[str, Any]) -> int:
    return sum(1 for m in body["messages"] if m.get("role") == "tool")


def writer(body: dict[str, Any]) -> ToolUse:
    """Notes three times, then finishes."""
    step = _tool_results(body)
    if step < 3:
        return ToolUse(calls=((f"c{step}", "note", {"text": "x" * 300, "path": f"n{step}"}),))
    return ToolUse(calls=((f"c{step}", "finish", {}),))


def _host(call: ToolCall) -> ToolAnswer:
    if call.name == "finish":
        return ToolAnswer("bye", done=True)
    return ToolAnswer("noted")


def _session(server: LocalLlmServer, *, steps: int = 10, seconds: float = 600.0, calls: int = 50):
    settings = LlmSettings.model_validate(
        {"model": "openai/local-model", "api_base": server.openai_base, "transport_retries": 0}
    )
    chat = ToolChat(settings, UsageMeter(UsageCaps(calls=calls, wall_s=3600), "optimizer"))
    return ToolSession(
        chat, TOOLS, _host, max_steps=steps, deadline=time.monotonic() + seconds, max_tokens=256
    )


def _start() -> list[dict[str, Any]]:
    return [{"role": "user", "content": "take notes"}]


def test_the_session_ends_when_the_host_says_done_and_traces_every_call() -> None:
    with LocalLlmServer(responder=writer) as server:
        run = _session(server).drive(_start())
    assert (run.done, run.steps, run.stop) == (True, 4, "submitted")
    assert [c["tool"] for c in run.calls] == ["note", "note", "note", "finish"]
    assert run.calls[0]["arguments"].startswith('{"path": "n0"')  # path first, then cut
    assert len(run.calls[0]["arguments"]) == 200 and len(run.seconds) == 4


def test_the_step_cap_stops_the_session() -> None:
    with LocalLlmServer(responder=writer) as server:
        run = _session(server, steps=2).drive(_start())
    assert (run.done, run.steps, run.stop) == (False, 2, "step cap (2) spent")


def test_the_deadline_bounds_a_hung_call() -> None:
    release = threading.Event()

    def hang(body: dict[str, Any]) -> str:
        release.wait(30)
        return "late"

    with LocalLlmServer(responder=hang) as server:
        try:
            run = _session(server, seconds=1.0).drive(_start())
        finally:
            release.set()
    assert run.failure is not None and run.failure.kind == "timeout"
    assert not run.done and run.steps == 0


def test_a_reached_cap_ends_the_session_with_its_failure() -> None:
    with LocalLlmServer(responder=writer) as server:
        run = _session(server, calls=2).drive(_start())
    assert run.failure is not None and run.failure.kind == "cap"
    assert run.steps == 2 and run.stop.startswith("cap")
    assert len(run.failures) == 1  # at once: a reached cap is not asked again


def test_every_turn_is_counted_and_kept_whole() -> None:
    with LocalLlmServer(responder=writer) as server:
        run = _session(server).drive(_start())
    assert run.turns == 4 and len(run.transcript) == 4
    first = run.transcript[0]["calls"][0]
    assert first["arguments"] == {"text": "x" * 300, "path": "n0"}  # whole, where calls cut
    assert run.transcript[0] == {
        "turn": 1,
        "text": "",
        "calls": [
            {"step": 1, "tool": "note", "arguments": first["arguments"], "output": "noted",
             "refused": False}
        ],
        "ended": "calls answered",
    }  # fmt: skip
    assert first["output"] == "noted" and run.transcript[-1]["ended"] == "done"


def test_a_call_after_the_host_said_done_is_refused() -> None:
    def both(body: dict[str, Any]) -> ToolUse:
        return ToolUse(calls=(("c0", "finish", {}), ("c1", "note", {"path": "late"})))

    with LocalLlmServer(responder=both) as server:
        run = _session(server).drive(_start())
    assert [c["refused"] for c in run.calls] == [False, True] and run.stop == "submitted"
    assert run.transcript[0]["calls"][1]["output"] == "refused: the session already ended"


def test_a_tool_spec_requires_every_property_not_marked_optional() -> None:
    spec = tool_spec(
        "note", "Write a note.", path={"type": "string"}, text={"type": "string", "optional": True}
    )
    assert spec == {
        "type": "function",
        "function": {
            "name": "note",
            "description": "Write a note.",
            "parameters": {
                "type": "object",
                "properties": {"path": {"type": "string"}, "text": {"type": "string"}},
                "required": ["path"],
            },
        },
    }


def test_a_turn_without_a_tool_call_costs_a_step_and_tells_the_model_to_use_its_tools() -> None:
    def prose_first(body: dict[str, Any]) -> str | ToolUse:
        if len(body["messages"]) <= 3:  # the opening, then once told to use the tools
            return "I would take notes."
        return ToolUse(calls=(("c0", "finish", {}),), text="done now")

    with LocalLlmServer(responder=prose_first) as server:
        run = _session(server).drive(_start())
        told = server.requests[1]["messages"][-1]
    assert (run.done, run.steps, run.turns, run.stop) == (True, 3, 3, "submitted")
    assert told == {"role": "user", "content": NO_TOOL}
    assert run.transcript[0] == {
        "turn": 1,
        "text": "I would take notes.",
        "calls": [],
        "ended": "no tool call",
        "then": [NO_TOOL],
    }
    assert run.transcript[2]["turn"] == 3 and run.transcript[2]["text"] == "done now"
    assert run.transcript[2]["ended"] == "done" and "then" not in run.transcript[2]


def test_a_call_whose_arguments_are_not_an_object_is_refused_and_costs_a_step() -> None:
    def bad_then_finish(body: dict[str, Any]) -> ToolUse:
        if _tool_results(body) == 0:
            return ToolUse(calls=(("c0", "note", "not an object"),))  # type: ignore[arg-type]
        return ToolUse(calls=(("c1", "finish", {}),))

    with LocalLlmServer(responder=bad_then_finish) as server:
        run = _session(server).drive(_start())
        shown = server.requests[1]["messages"][-1]
    assert shown["role"] == "tool" and shown["tool_call_id"] == "c0"
    assert shown["content"] == "refused: the arguments were not a JSON object"
    assert [(c["step"], c["tool"], c["refused"]) for c in run.calls] == [
        (1, "note", True),
        (2, "finish", False),
    ]
    assert run.calls[0]["output_chars"] == len("refused: the arguments were not a JSON object")
    assert run.calls[1]["output_chars"] == len("bye") and run.steps == 2


def test_two_failed_turns_in_a_row_end_the_session_one_does_not() -> None:
    with LocalLlmServer(responder=writer) as server:
        server.script(Status(500), Reply(), Status(500), Status(500))
        run = _session(server).drive(_start())
    assert not run.done and run.turns == 1 and run.steps == 1
    assert run.failure is not None and run.failure.kind == "transport"
    assert run.stop == f"transport: {run.failure.message[:200]}"
    assert len(run.failures) == 3 and run.failures[0] == {
        "failure": "transport",
        "message": run.failures[0]["message"],
    }
    assert [entry.get("failure") for entry in run.transcript] == [
        "transport",
        None,
        "transport",
        "transport",
    ]


class _Hooks(SessionHooks):
    """A host that sends the last two messages only, stops after two turns, and adds a
    note after each answered turn."""

    no_tool = "call a tool"
    time_passed = "out of time"

    def steps_spent(self, max_steps: int) -> str:
        return f"spent {max_steps}"

    def view(self, messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return messages[-2:]

    def limit(self, run: SessionRun) -> str:
        return "two turns" if run.turns >= 2 else ""

    def after_turn(self, run: SessionRun, answered: list[Answered]) -> list[dict[str, Any]]:
        seen = [(a.call.name, a.answer.output, a.step) for a in answered]
        return [{"role": "user", "content": f"noted {seen} in turn {run.turns}"}]


def test_the_hooks_shape_what_is_sent_what_follows_a_turn_and_when_it_stops() -> None:
    with LocalLlmServer(responder=writer) as server:
        settings = LlmSettings.model_validate(
            {"model": "openai/local-model", "api_base": server.openai_base}
        )
        chat = ToolChat(settings, UsageMeter(UsageCaps(calls=50, wall_s=3600), "optimizer"))
        start = _start()
        run = ToolSession(
            chat, TOOLS, _host, max_steps=10, deadline=time.monotonic() + 600, max_tokens=256,
            hooks=_Hooks(),
        ).drive(start)  # fmt: skip
        sent = [len(body["messages"]) for body in server.requests]
    assert (run.stop, run.turns, run.done) == ("two turns", 2, False)
    assert sent == [1, 2]  # the view: at most the last two messages
    assert start[-1] == {"role": "user", "content": "noted [('note', 'noted', 2)] in turn 2"}
    assert run.transcript[0]["then"] == ["noted [('note', 'noted', 1)] in turn 1"]
    assert run.transcript[0]["ended"] == "calls answered"


def test_the_step_cap_and_the_deadline_stop_with_the_hooks_words() -> None:
    now = [0.0]

    def clock() -> float:
        now[0] += 0.2504
        return now[0]

    with LocalLlmServer(responder=writer) as server:
        settings = LlmSettings.model_validate(
            {"model": "openai/local-model", "api_base": server.openai_base}
        )
        meter = UsageMeter(UsageCaps(calls=50, wall_s=3600), "optimizer")

        def session(steps: int, deadline: float) -> ToolSession:
            return ToolSession(
                ToolChat(settings, meter), TOOLS, _host, max_steps=steps, deadline=deadline,
                max_tokens=256, clock=clock, hooks=_Hooks(),
            )  # fmt: skip

        capped = session(1, 1000.0).drive(_start())
        assert capped.stop == "spent 1" and capped.seconds == [0.25]  # to the millisecond
        at = session(10, now[0] + 0.2504).drive(_start())  # the deadline reached at once
        assert at.stop == "out of time" and at.turns == 0
        late = session(10, now[0] + 0.6).drive(_start())  # one turn, then past the deadline
    assert late.stop == "out of time" and late.turns == 1


def test_a_session_goes_on_from_the_run_it_is_given_and_counts_remembered_turns() -> None:
    with LocalLlmServer(responder=writer) as server:
        settings = LlmSettings.model_validate(
            {"model": "openai/local-model", "api_base": server.openai_base}
        )
        chat = ToolChat(settings, UsageMeter(UsageCaps(calls=50, wall_s=3600), "optimizer"))

        def session(run: SessionRun | None = None, steps: int = 10) -> ToolSession:
            return ToolSession(
                chat, TOOLS, _host, max_steps=steps, deadline=time.monotonic() + 600,
                max_tokens=256, run=run,
            )  # fmt: skip

        first = session(steps=2).drive(_start())
        assert (first.turns, first.remembered_turns, first.steps) == (2, 0, 2)
        again = session().drive(_start())  # the same first questions: from memory
        paid = len(server.requests)
        goes_on = session(run=SessionRun(steps=3, turns=7)).drive(_start())
        ended = session(run=SessionRun(done=True)).drive(_start())  # resumed after its end
        assert ended.stop == "submitted" and ended.turns == 0
    assert (again.turns, again.remembered_turns, again.done) == (4, 2, True)
    assert paid == 4  # the first two turns were not sent again
    assert (goes_on.turns, goes_on.steps, goes_on.remembered_turns) == (7 + 4, 3 + 4, 4)


def test_the_host_names_why_its_final_call_ends_the_session() -> None:
    def gives_up(call: ToolCall) -> ToolAnswer:
        return ToolAnswer("stopped", done=True, stop="gave up")

    with LocalLlmServer(responder=writer) as server:
        settings = LlmSettings.model_validate(
            {"model": "openai/local-model", "api_base": server.openai_base}
        )
        chat = ToolChat(settings, UsageMeter(UsageCaps(calls=50, wall_s=3600), "optimizer"))
        run = ToolSession(
            chat, TOOLS, gives_up, max_steps=10, deadline=time.monotonic() + 600,
            max_tokens=256,
        ).drive(_start())  # fmt: skip
    assert (run.done, run.stop, run.steps) == (True, "gave up", 1)


def test_a_stopped_model_ends_the_session_at_its_first_failed_turn() -> None:
    health = ModelHealth("openai/local-model", max_consecutive_failures=1)
    health.failed("transport", "Connection refused " + "x" * 300)
    assert health.open_reason is not None and len(health.open_reason) > 200
    with LocalLlmServer(responder=writer) as server:
        settings = LlmSettings.model_validate(
            {"model": "openai/local-model", "api_base": server.openai_base}
        )
        meter = UsageMeter(UsageCaps(calls=50, wall_s=3600), "optimizer")
        chat = ToolChat(settings, meter, health=health)
        run = ToolSession(
            chat, TOOLS, _host, max_steps=10, deadline=time.monotonic() + 600, max_tokens=256
        ).drive(_start())
        assert server.requests == []
    assert run.failure is not None and run.failure.kind == "unavailable"
    assert len(run.failures) == 1 and run.stop == f"unavailable: {health.open_reason[:200]}"
    shown = {"failure": "unavailable", "message": health.open_reason[:300]}
    assert len(health.open_reason) > 300 and run.failures == run.transcript == [shown]
