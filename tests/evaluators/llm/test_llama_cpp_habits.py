"""ToolChat through the real litellm path against a local server that keeps llama.cpp's habits.

llama.cpp's OpenAI-compatible server drops the tools of a request that does not say
`tool_choice`, and caps a reply by `max_tokens` only; `[llm] max_output_tokens` must cap
every turn whatever the harness asks for (issue: a real open model in the loop).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from evaluators.llm import LlmFailure, ToolChat, ToolTurn, UsageCaps, UsageMeter
from tests.support.llm_judge import FAKE_KEY, KEY_ENV, settings_for
from tests.support.llm_server import LocalLlmServer, ToolUse

WRITE = {"path": "tests/test_add.py", "content": "def test_add():\n    assert 1 + 1 == 2\n"}
TOOLS = [
    {
        "type": "function",
        "function": {
            "name": "write_file",
            "description": "Write a file in the workspace.",
            "parameters": {
                "type": "object",
                "properties": {"path": {"type": "string"}, "content": {"type": "string"}},
                "required": ["path", "content"],
            },
        },
    }
]


def _writes(body: dict[str, Any]) -> ToolUse:
    return ToolUse(calls=(("call-1", "write_file", WRITE),))


@pytest.fixture
def llama_like() -> Iterator[LocalLlmServer]:
    with LocalLlmServer(responder=_writes) as running:
        running.llama_cpp = True
        yield running


@pytest.fixture(autouse=True)
def fake_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(KEY_ENV, FAKE_KEY)


def _turn(server: LocalLlmServer, max_tokens: int, **settings: object) -> ToolTurn | LlmFailure:
    chat = ToolChat(settings_for(server, **settings), UsageMeter(UsageCaps(), "generator"))
    messages = [{"role": "user", "content": "Write one test for add."}]
    return chat.turn(messages, TOOLS, max_tokens=max_tokens)


def test_a_server_that_drops_tools_without_tool_choice_still_gets_a_tool_call(
    llama_like: LocalLlmServer,
) -> None:
    """Fails if `tool_choice` is not sent: the server then answers in prose."""
    turn = _turn(llama_like, max_tokens=512)

    assert isinstance(turn, ToolTurn), turn
    assert [(call.name, call.arguments) for call in turn.calls] == [("write_file", WRITE)]
    assert llama_like.requests[-1]["tool_choice"] == "auto"


def test_max_output_tokens_caps_a_turn_that_asks_for_more(llama_like: LocalLlmServer) -> None:
    """Fails if the harness's own limit (8,192) reaches the server past the config's cap."""
    turn = _turn(llama_like, max_tokens=8192, max_output_tokens=256)

    assert isinstance(turn, ToolTurn), turn
    assert llama_like.requests[-1]["max_tokens"] == 256


def test_a_smaller_request_keeps_its_own_limit(llama_like: LocalLlmServer) -> None:
    _turn(llama_like, max_tokens=100, max_output_tokens=256)

    assert llama_like.requests[-1]["max_tokens"] == 100
