"""Provider prompt caching (evaluators/llm/prompt_cache.py) through the real client path
(litellm for tool turns, dspy on litellm for typed requests) against the local server's
emulation of each provider's cache accounting (tests/support/prompt_cache_server.py)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import dspy
import pytest

from evaluators.llm import (
    RUNTIME_NOTE,
    LlmClient,
    LlmReply,
    LlmSettings,
    LlmUsage,
    ResponseCache,
    ToolChat,
    ToolTurn,
    UsageCaps,
    UsageMeter,
    litellm_price,
)
from tests.support.llm_server import LocalLlmServer, ToolUse
from tests.support.prompt_cache_server import PromptCacheEmulation, anthropic_blocks

KEY_ENV = "RSI_TEST_CACHE_KEY"
TOOLS = [
    {
        "type": "function",
        "function": {
            "name": "read_file",
            "description": "Read a file of the workspace. " * 40,
            "parameters": {"type": "object", "properties": {"path": {"type": "string"}}},
        },
    }
]
SYSTEM = "You are a test-writing agent. Follow the strategy. " * 120  # ~1,500 tokens
OPUS = "anthropic/claude-opus-4-6"


class Answer(dspy.Signature):
    """Answer the question."""

    question: str = dspy.InputField()
    answer: str = dspy.OutputField()


def _responder(body: dict[str, Any]) -> str | ToolUse:
    if "tools" in body:
        return ToolUse(calls=(("call", "read_file", {"path": "app/main.py"}),))
    return "[[ ## answer ## ]]\nyes\n\n[[ ## completed ## ]]"


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> Iterator[LocalLlmServer]:
    monkeypatch.setenv(KEY_ENV, "sk-ant-FAKE-cache")
    with LocalLlmServer(responder=_responder) as running:
        running.prompt_cache = PromptCacheEmulation()
        yield running


def _settings(server: LocalLlmServer, model: str = OPUS, **extra: Any) -> LlmSettings:
    base = server.base_url if model.startswith("anthropic/") else server.openai_base
    return LlmSettings(model=model, api_base=base, api_key_env=KEY_ENV, **extra)


def _agent(chat: ToolChat, turns: int, *, noted: bool = False) -> list[ToolTurn]:
    """An agent loop: each turn's tool call answered with a file's text, `turns` turns;
    `noted`: each request ends with a runtime note that changes every turn (as the
    harness's remaining budget does) and is never stored in the history."""
    messages: list[dict[str, Any]] = [
        {"role": "system", "content": SYSTEM},
        {"role": "user", "content": "Task: write tests for app/main.py."},
    ]
    done: list[ToolTurn] = []
    for step in range(turns):
        note = {"role": "user", "content": f"Budget left: {40 - step} calls.", RUNTIME_NOTE: True}
        turn = chat.turn([*messages, note] if noted else messages, TOOLS, max_tokens=256)
        if not isinstance(turn, ToolTurn):
            break
        done.append(turn)
        messages.append(turn.message)
        output = f"line {step}: def main(): return {step}\n" * 30
        messages.append({"role": "tool", "tool_call_id": turn.calls[0].id, "content": output})
    return done


def test_anthropic_turns_mark_tools_system_and_the_newest_turn(server: LocalLlmServer) -> None:
    _agent(ToolChat(_settings(server), UsageMeter(UsageCaps(), "task")), 3)
    for body in server.requests:
        marks = [text for text, marked in anthropic_blocks(body) if marked]
        assert len(marks) == 3  # within the provider's four
        assert "cache_control" in body["tools"][-1]
        assert "cache_control" in body["system"][-1]
        assert "cache_control" in body["messages"][-1]["content"][-1]
    assert server.prompt_cache is not None and server.prompt_cache.breakpoints == [3, 3, 3]


def test_a_runtime_note_ending_each_turn_leaves_the_history_cached(
    server: LocalLlmServer,
) -> None:
    """The breakpoint goes on the newest stored message, not on the note after it: the note
    changes every turn, so a prefix ending with it would be written and never read."""
    _agent(ToolChat(_settings(server), UsageMeter(UsageCaps(), "task")), 4, noted=True)
    for body in server.requests:
        blocks = anthropic_blocks(body)
        assert "Budget left" in blocks[-1][0] and not blocks[-1][1]
        assert blocks[-2][1]  # the newest stored message carries the breakpoint
    noted = server.prompt_cache
    with LocalLlmServer(responder=_responder) as plain:
        plain.prompt_cache = PromptCacheEmulation()
        _agent(ToolChat(_settings(plain), UsageMeter(UsageCaps(), "task")), 4)
        assert noted is not None and plain.prompt_cache is not None
        assert noted.reads == plain.prompt_cache.reads  # every turn reads the last one's prefix


def test_usage_keeps_cache_reads_and_writes_apart_and_bills_them_at_the_maps_rates(
    server: LocalLlmServer,
) -> None:
    meter = UsageMeter(UsageCaps(), "task")
    _agent(ToolChat(_settings(server), meter), 4)
    used, emulated = meter.snapshot(), server.prompt_cache
    assert emulated is not None and emulated.reads > 0 and emulated.writes > 0
    assert used.cache_read_input_tokens == emulated.reads
    assert used.cache_write_input_tokens == emulated.writes
    assert used.input_tokens == server.prompt_tokens  # every input token, cached or not
    assert used.fresh_input_tokens == emulated.fresh
    price = litellm_price(OPUS)
    assert price is not None
    expected = (
        emulated.fresh * 5.0 + emulated.reads * 0.5 + emulated.writes * 6.25
    ) / 1e6 + used.output_tokens * 25.0 / 1e6
    assert price.bill(used) == pytest.approx(expected)
    assert price.bill(used) < price.usd(used.input_tokens, used.output_tokens) / 2


def test_typed_requests_carry_breakpoints_and_read_a_repeated_prefix(
    server: LocalLlmServer,
) -> None:
    meter = UsageMeter(UsageCaps(), "task")
    client = LlmClient(_settings(server), meter)
    long = Answer.with_instructions(SYSTEM)  # a strategy's text: the same in every request
    first = client.ask(long, {"question": "Is it sorted?"})
    second = client.ask(long, {"question": "Is it stable?"})
    assert isinstance(first, LlmReply) and isinstance(second, LlmReply)
    assert all(any(m for _, m in anthropic_blocks(body)) for body in server.requests)
    assert first.usage.cache_read_input_tokens == 0 and first.usage.cache_write_input_tokens
    assert second.usage.cache_read_input_tokens > 1000  # the shared system prompt


def test_caching_off_marks_nothing_and_keeps_every_request_key(
    server: LocalLlmServer, tmp_path: Path
) -> None:
    cache = ResponseCache(tmp_path / "llm_cache")
    on = ToolChat(_settings(server), UsageMeter(UsageCaps(), "task"), cache)
    _agent(on, 3)
    sent = server.calls
    off_settings = _settings(server, prompt_cache=False)
    off = ToolChat(off_settings, UsageMeter(UsageCaps(), "task"), cache)
    assert len(_agent(off, 3)) == 3
    assert server.calls == sent  # the same keys: every turn replayed from the cache
    fresh = ToolChat(off_settings, UsageMeter(UsageCaps(), "task"))
    _agent(fresh, 2)
    assert all(not any(m for _, m in anthropic_blocks(b)) for b in server.requests[sent:])
    assert server.prompt_cache is not None and server.prompt_cache.breakpoints[sent:] == [0, 0]


def test_a_cap_stops_at_the_same_call_with_caching_on_or_off(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(KEY_ENV, "sk-ant-FAKE-cache")
    runs = {}
    for cached in (True, False):
        with LocalLlmServer(responder=_responder) as running:
            running.prompt_cache = PromptCacheEmulation()
            meter = UsageMeter(UsageCaps(input_tokens=12_000), "task")
            done = _agent(ToolChat(_settings(running, prompt_cache=cached), meter), 20)
            used = meter.snapshot()
            runs[cached] = (len(done), used.input_tokens, running.calls)
            assert bool(used.cache_read_input_tokens) == cached
    assert runs[True] == runs[False]  # the caps count cached input tokens too (Table 12)
    assert runs[True][0] < 20  # the input cap stopped the agent


def test_a_resume_replays_from_the_reply_cache_and_pays_nothing(
    server: LocalLlmServer, tmp_path: Path
) -> None:
    cache = ResponseCache(tmp_path / "llm_cache")
    first = UsageMeter(UsageCaps(), "task")
    _agent(ToolChat(_settings(server), first, cache), 3)
    emulated = server.prompt_cache
    assert emulated is not None
    paid = (server.calls, emulated.reads, emulated.writes)
    again = UsageMeter(UsageCaps(), "task")
    _agent(ToolChat(_settings(server), again, cache), 3)
    assert (server.calls, emulated.reads, emulated.writes) == paid  # nothing sent
    replayed, billed = again.snapshot(), first.snapshot()
    assert replayed.cached_calls == 3
    split = ("input_tokens", "cache_read_input_tokens", "cache_write_input_tokens")
    assert [getattr(replayed, k) for k in split] == [getattr(billed, k) for k in split]


def test_openai_reports_cached_tokens_for_a_repeated_prefix_of_1024_tokens(
    server: LocalLlmServer,
) -> None:
    settings = _settings(server, model="openai/gpt-4o")
    meter = UsageMeter(UsageCaps(), "task")
    turns = _agent(ToolChat(settings, meter), 3)
    assert len(turns) == 3
    used = meter.snapshot()
    assert used.cache_read_input_tokens > 1024 and used.cache_write_input_tokens == 0
    assert all("cache_control" not in json.dumps(body) for body in server.requests)
    short = UsageMeter(UsageCaps(), "task")
    chat = ToolChat(settings, short)
    for question in ("a", "b"):  # a prefix under 1,024 tokens is never cached
        chat.turn([{"role": "user", "content": "Short task " + question}], TOOLS, max_tokens=64)
    assert short.snapshot().cache_read_input_tokens == 0


def test_a_prompt_cache_entry_lives_for_its_ttl(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(KEY_ENV, "sk-ant-FAKE-cache")
    now = [0.0]
    with LocalLlmServer(responder=_responder) as running:
        running.prompt_cache = PromptCacheEmulation(ttl_s=300, clock=lambda: now[0])
        chat = ToolChat(_settings(running), UsageMeter(UsageCaps(), "task"))
        messages = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": "go"}]
        reads = []
        for at in (0.0, 200.0, 600.0):  # read within the TTL (refreshed), then expired
            now[0] = at
            meter = UsageMeter(UsageCaps(), "task")
            chat.meter = meter
            chat._answered.clear()  # a new task asking the same question
            chat.turn([*messages, {"role": "user", "content": f"t{at}"}], TOOLS, max_tokens=64)
            reads.append(meter.snapshot().cache_read_input_tokens)
    assert reads[0] == 0 and reads[1] > 0 and reads[2] == 0


def test_usage_adds_up_its_cache_split() -> None:
    one = LlmUsage(input_tokens=100, cache_read_input_tokens=60, cache_write_input_tokens=30)
    total = one + one
    assert (total.cache_read_input_tokens, total.cache_write_input_tokens) == (120, 60)
    assert total.fresh_input_tokens == 20
    assert "cache_read_input_tokens" not in LlmUsage(input_tokens=5).model_dump()
