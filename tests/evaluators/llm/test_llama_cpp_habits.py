"""ToolChat through the real litellm path against a local server that keeps llama.cpp's habits.

llama.cpp's OpenAI-compatible server drops the tools of a request that does not say
`tool_choice`, and caps a reply by `max_tokens` only; `[llm] max_output_tokens` must cap
every turn whatever the harness asks for (issue: a real open model in the loop).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from evaluators.llm import (
    LlmClient,
    LlmFailure,
    LlmReply,
    LlmSettings,
    ToolChat,
    ToolTurn,
    UsageCaps,
    UsageMeter,
    preflight,
)
from evaluators.llm.structured import LENGTH_BOUNDS, response_format, structured_mode
from evaluators.llm.transport import wire_request
from tests.support.llm_judge import FAKE_KEY, GOOD, KEY_ENV, Judge, settings_for
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


def _long_verdict(body: dict[str, Any]) -> str:
    return GOOD + "\n" + "and so on " * 2000  # a model that talks to the end of its context


def test_the_structured_path_sends_max_tokens_to_a_local_endpoint() -> None:
    """Fails if the typed path sends `max_completion_tokens` alone: llama.cpp ignores it
    and bills the whole reply."""
    with LocalLlmServer(responder=_long_verdict) as server:
        server.llama_cpp = True
        client = LlmClient(
            settings_for(server, max_output_tokens=64),
            UsageMeter(UsageCaps(), "generator"),
        )
        reply = client.ask(Judge, {"snippet": "assert add(1, 1) == 2"}, max_tokens=8192)

    assert isinstance(reply, LlmReply), reply
    sent = server.requests[-1]
    assert sent["max_tokens"] == 64
    assert "max_completion_tokens" not in sent
    assert server.completion_tokens == 64


def test_a_hosted_openai_model_keeps_max_completion_tokens() -> None:
    settings = LlmSettings(model="openai/gpt-4o")
    request = wire_request(settings, "openai/gpt-4o", [{"role": "user", "content": "hi"}], 99)

    assert request.config.max_tokens == 99
    assert not request.config.extensions


# -- structured output (issue 42, "structured output a small model can keep") -----------


def _checked(server: LocalLlmServer, **changes: object) -> LlmSettings:
    """Settings on `server` after the model check (each server has its own address, so the
    process has not checked it before)."""
    settings = settings_for(server, **changes)
    preflight(settings)
    return settings


def _judged(settings: LlmSettings) -> LlmReply | LlmFailure:
    client = LlmClient(settings, UsageMeter(UsageCaps(), "generator"))
    return client.ask(Judge, {"snippet": "assert add(1, 1) == 2"}, max_tokens=256)


def test_auto_chooses_json_object_on_llama_cpp_and_its_replies_parse(
    llama_like: LocalLlmServer,
) -> None:
    """llama.cpp's server refuses json_schema (500) and keeps json_object with a schema."""
    llama_like.responder = lambda body: "I think the snippet is fine."  # prose, unprompted
    settings = _checked(llama_like)

    assert structured_mode(settings) == "json_object"
    assert llama_like.preflights == 3  # the one-token check and two probes
    reply = _judged(settings)
    assert isinstance(reply, LlmReply), reply
    assert reply.outputs["verdict"].label in ("pass", "fail")
    form = llama_like.requests[-1]["response_format"]
    assert form["type"] == "json_object"
    assert form["schema"]["properties"]["verdict"]["$ref"].endswith("Verdict")


def test_auto_chooses_json_schema_on_a_hosted_style_server() -> None:
    with LocalLlmServer() as server:
        server.json_schema = True
        settings = _checked(server)
        reply = _judged(settings)
        sent = server.requests[-1]

    assert structured_mode(settings) == "json_schema"
    assert isinstance(reply, LlmReply), reply
    assert sent["response_format"]["type"] == "json_schema"
    assert "verdict" in sent["response_format"]["json_schema"]["schema"]["properties"]


def test_auto_keeps_the_prompt_on_a_server_without_structured_output() -> None:
    with LocalLlmServer(responder=lambda body: GOOD) as server:
        settings = _checked(server)
        reply = _judged(settings)
        sent = server.requests[-1]

    assert structured_mode(settings) == "prompt"
    assert isinstance(reply, LlmReply), reply
    assert "response_format" not in sent


def test_a_configured_mode_is_sent_without_a_probe(llama_like: LocalLlmServer) -> None:
    settings = _checked(llama_like, structured_output="prompt")

    assert llama_like.preflights == 1
    llama_like.responder = lambda body: GOOD
    assert isinstance(_judged(settings), LlmReply)
    assert "response_format" not in llama_like.requests[-1]


def test_a_json_object_schema_carries_no_string_length_bound_a_grammar_would_unroll() -> None:
    """A 4,000-character maxLength made llama-cpp-python's server fail to build its grammar
    and die (the real-model lane); bounds are checked when the reply is parsed instead."""
    schema = {
        "type": "object",
        "properties": {
            "notes": {"type": "string", "maxLength": 4000, "minLength": 1},
            "tests": {"type": "array", "maxItems": 8, "items": {"type": "string", "maxLength": 9}},
        },
        "$defs": {"File": {"type": "object", "properties": {"path": {"maxLength": 200}}}},
    }
    grammar = response_format("json_object", schema)
    assert grammar is not None
    assert not any(bound in json.dumps(grammar) for bound in LENGTH_BOUNDS)
    tests = grammar["schema"]["properties"]["tests"]
    assert tests["items"] == {"type": "string"} and tests["maxItems"] == 8  # counts stay
    assert grammar["schema"]["properties"]["notes"]["minLength"] == 1
    hosted = response_format("json_schema", schema)
    assert hosted is not None and hosted["json_schema"]["schema"] == schema  # untouched
