"""Reply bodies of the local test server (tests/support/llm_server.py), in each provider's
wire format: OpenAI chat completions and Anthropic messages."""

from __future__ import annotations

from typing import Any


def error_type(code: int) -> str:
    return {429: "rate_limit_error", 529: "overloaded_error"}.get(code, "api_error")


def openai_reply(
    model: str, text: str, usage: dict[str, Any] | None, finish: str = "stop"
) -> dict[str, Any]:
    reply: dict[str, Any] = {
        "id": "chatcmpl-local",
        "object": "chat.completion",
        "created": 0,
        "model": model,
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": text},
                "finish_reason": finish,
            }
        ],
    }
    if usage is not None:
        reply["usage"] = usage
    return reply


def anthropic_reply(model: str, text: str, usage: dict[str, Any] | None) -> dict[str, Any]:
    reply: dict[str, Any] = {
        "id": "msg_local",
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": [{"type": "text", "text": text}],
        "stop_reason": "end_turn",
        "stop_sequence": None,
    }
    if usage is not None:
        reply["usage"] = usage
    return reply
