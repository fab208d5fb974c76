"""`ToolSession`: the one bounded agent session over `ToolChat`, through the local server: it stops
when the host says done, at its step cap, at its deadline (which bounds a hung call too),
and at a reached cap; every call is traced with cut arguments (path first) and seconds, every
turn counted and kept whole in the transcript; a call after the host said done is refused."""

from __future__ import annotations

import threading
import time
from typing import Any

from evaluators.llm import (
    LlmSettings,
    ToolAnswer,
    ToolCall,
    ToolChat,
    ToolSession,
    UsageCaps,
    UsageMeter,
    tool_spec,
)
from tests.support.llm_server import LocalLlmServer, ToolUse

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


def test_every_turn_is_counted_and_kept_whole() -> None:
    with LocalLlmServer(responder=writer) as server:
        run = _session(server).drive(_start())
    assert run.turns == 4 and len(run.transcript) == 4
    first = run.transcript[0]["calls"][0]
    assert first["arguments"] == {"text": "x" * 300, "path": "n0"}  # whole, where calls cut
    assert first["output"] == "noted" and run.transcript[-1]["ended"] == "done"


def test_a_call_after_the_host_said_done_is_refused() -> None:
    def both(body: dict[str, Any]) -> ToolUse:
        return ToolUse(calls=(("c0", "finish", {}), ("c1", "note", {"path": "late"})))

    with LocalLlmServer(responder=both) as server:
        run = _session(server).drive(_start())
    assert [c["refused"] for c in run.calls] == [False, True] and run.stop == "submitted"
