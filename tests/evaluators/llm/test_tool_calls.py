"""ToolChat (evaluators.llm.tool_calls) through the real HTTP path (litellm -> a local
server answering with native tool calls): a turn already answered in the chat is answered
from its memory, never sent or billed again, and heard once by the reply-format check."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from evaluators.llm import ReplyStore, ResponseCache, ToolChat, ToolTurn, UsageCaps, UsageMeter
from tests.support.llm_judge import FAKE_KEY, KEY_ENV, settings_for
from tests.support.llm_server import LocalLlmServer, ToolUse

TOOLS = [
    {
        "type": "function",
        "function": {
            "name": "write_file",
            "description": "Write a file.",
            "parameters": {"type": "object", "properties": {"path": {"type": "string"}}},
        },
    }
]
MESSAGES = [{"role": "user", "content": "Write the tests."}]


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> Iterator[LocalLlmServer]:
    monkeypatch.setenv(KEY_ENV, FAKE_KEY)
    use = ToolUse(calls=(("call-1", "write_file", {"path": "tests/test_a.py"}),))
    with LocalLlmServer(responder=lambda body: use) as running:
        yield running


def _chat(
    server: LocalLlmServer, store: ReplyStore | None
) -> tuple[ToolChat, list[bool], UsageMeter]:
    heard: list[bool] = []
    meter = UsageMeter(UsageCaps(), "generator")
    chat = ToolChat(
        settings_for(server),
        meter,
        store,
        observe=lambda malformed, _text, _no_tool: heard.append(malformed),
    )
    return chat, heard, meter


def _turn(chat: ToolChat) -> ToolTurn:
    turn = chat.turn(MESSAGES, TOOLS, max_tokens=256)
    assert isinstance(turn, ToolTurn), turn
    return turn


def test_a_repeated_turn_is_answered_from_memory_not_from_the_store(
    server: LocalLlmServer, tmp_path: Path
) -> None:
    """The repeat is remembered (not a cached call) and the format check hears the turn
    once. Fails with the chat's memory never consulted: the store then answers the repeat,
    which counts as a cached call and is heard twice."""
    chat, heard, meter = _chat(server, ResponseCache(tmp_path / "llm_cache"))
    first, again = _turn(chat), _turn(chat)
    assert first.calls[0].arguments == {"path": "tests/test_a.py"}
    assert (first.cached, first.repeated) == (False, False)
    assert again.calls == first.calls and (again.cached, again.repeated) == (True, True)
    used = meter.snapshot()
    assert (used.calls, used.cached_calls, used.remembered_calls) == (1, 0, 1)
    assert used.input_tokens == server.prompt_tokens  # billed once
    assert server.calls == 1 and heard == [False]
    # A new chat on the same store (a re-run task) replays it from the store: a cached call.
    other, other_heard, other_meter = _chat(server, ResponseCache(tmp_path / "llm_cache"))
    replayed = _turn(other)
    assert (replayed.cached, replayed.repeated) == (True, False)
    replay = other_meter.snapshot()
    assert (replay.cached_calls, replay.remembered_calls) == (1, 0)
    assert server.calls == 1 and other_heard == [False]


def test_without_a_store_a_repeated_turn_is_not_sent_or_paid_again(
    server: LocalLlmServer,
) -> None:
    """Fails with the chat's memory never consulted: the repeat is sent and billed again."""
    chat, heard, meter = _chat(server, None)
    first, again = _turn(chat), _turn(chat)
    assert again.calls == first.calls and again.repeated
    used = meter.snapshot()
    assert (used.calls, used.cached_calls, used.remembered_calls) == (1, 0, 1)
    assert server.calls == 1 and used.input_tokens == server.prompt_tokens
    assert heard == [False]
