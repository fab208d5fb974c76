"""LlmClient through the real HTTP path (dspy.LM -> litellm -> a local server).

Typed replies on the OpenAI- and Anthropic-compatible paths, the parse retry, transport
retries, timeouts, and the key staying out of every message. Caps, cache and replay are
in test_llm_budget.py. No test needs a real key or the internet.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from evaluators.llm import (
    LlmClient,
    LlmFailure,
    LlmReply,
    LlmSettings,
    ResponseCache,
    UsageCaps,
    UsageMeter,
)
from tests.support.llm_judge import FAKE_KEY, GOOD, KEY_ENV, Judge, Verdict, settings_for
from tests.support.llm_server import Garbage, LocalLlmServer, Reply, Status, max_tokens_of


@pytest.fixture
def server() -> Iterator[LocalLlmServer]:
    with LocalLlmServer(responder=lambda body: GOOD) as running:
        yield running


@pytest.fixture(autouse=True)
def fake_key(monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv(KEY_ENV, FAKE_KEY)
    return FAKE_KEY


def client_for(
    settings: LlmSettings,
    cache_dir: Path | None = None,
    caps: UsageCaps | None = None,
    sleeps: list[float] | None = None,
) -> LlmClient:
    meter = UsageMeter(caps or UsageCaps(), "generator")
    cache = ResponseCache(cache_dir) if cache_dir else None
    recorded = sleeps if sleeps is not None else []
    return LlmClient(settings, meter, cache, sleep=recorded.append)


def test_a_typed_reply_comes_back_through_the_openai_compatible_path(
    server: LocalLlmServer, tmp_path: Path
) -> None:
    client = client_for(settings_for(server), tmp_path / "llm_cache")
    reply = client.ask(Judge, {"snippet": "def add(a, b): return a - b"})
    assert isinstance(reply, LlmReply), reply
    assert reply.get("verdict", Verdict) == Verdict(label="pass", score=3)
    assert (reply.attempts, reply.cached, reply.parse_retried) == (1, 0, False)
    assert server.paths == ["/v1/chat/completions"] and server.keys_seen == [FAKE_KEY]
    body = server.requests[0]
    assert "def add(a, b): return a - b" in body["messages"][-1]["content"]
    assert (max_tokens_of(body), body["temperature"]) == (8192, 0.0)
    # The reported usage is what the meter holds, not the reservation.
    assert (reply.usage.input_tokens, reply.usage.output_tokens) == (
        server.prompt_tokens,
        server.completion_tokens,
    )
    assert client.meter.snapshot().input_tokens == server.prompt_tokens


def test_a_typed_reply_comes_back_through_the_anthropic_path(server: LocalLlmServer) -> None:
    settings = settings_for(server, "anthropic")
    reply = client_for(settings).ask(Judge, {"snippet": "x = 1"}, max_tokens=2048)
    assert isinstance(reply, LlmReply), reply
    assert reply.get("verdict", Verdict).score == 3
    assert server.paths == ["/v1/messages"] and server.keys_seen == [FAKE_KEY]
    assert max_tokens_of(server.requests[0]) == 2048
    assert reply.usage.input_tokens == server.prompt_tokens > 0


@pytest.mark.parametrize("provider", ["openai", "anthropic"])
def test_a_malformed_reply_is_retried_once_and_then_parses(
    server: LocalLlmServer, provider: str
) -> None:
    server.script(Garbage())
    reply = client_for(settings_for(server, provider)).ask(Judge, {"snippet": "x = 1"})
    assert isinstance(reply, LlmReply), reply
    assert reply.parse_retried and reply.attempts == 2 and server.calls == 2
    assert reply.usage.calls == 2


def test_two_malformed_replies_are_a_typed_failure_showing_the_model_its_error(
    server: LocalLlmServer,
) -> None:
    server.script(Garbage(), Garbage())
    failure = client_for(settings_for(server)).ask(Judge, {"snippet": "x = 1"})
    assert isinstance(failure, LlmFailure)
    assert failure.kind == "malformed" and server.calls == 2 and failure.attempts == 2
    assert "missing output fields ['verdict']" in failure.message
    second = server.requests[1]["messages"]
    assert second[-2] == {"role": "assistant", "content": Garbage().text}
    assert "could not be parsed: missing output fields ['verdict']" in second[-1]["content"]
    assert "[[ ## verdict ## ]]" in second[-1]["content"]


def test_a_value_that_breaks_the_schema_is_shown_with_its_validation_error(
    server: LocalLlmServer,
) -> None:
    bad = '[[ ## verdict ## ]]\n{"label": "maybe", "score": 3}\n\n[[ ## completed ## ]]'
    server.script(Reply(text=bad), Reply(text=bad))
    failure = client_for(settings_for(server)).ask(Judge, {"snippet": "x"})
    assert isinstance(failure, LlmFailure) and failure.kind == "malformed"
    assert "label" in server.requests[1]["messages"][-1]["content"]


def test_a_429_is_retried_after_its_retry_after(server: LocalLlmServer) -> None:
    server.script(Status(429, retry_after=0.25))
    sleeps: list[float] = []
    reply = client_for(settings_for(server), sleeps=sleeps).ask(Judge, {"snippet": "x"})
    assert isinstance(reply, LlmReply), reply
    assert server.calls == 2 and reply.attempts == 2 and sleeps == [0.25]
    assert reply.usage.calls == 2  # the refused attempt counts as a call


@pytest.mark.parametrize("code", [429, 529])
def test_the_anthropic_path_retries_rate_limits_and_overload(
    server: LocalLlmServer, code: int
) -> None:
    server.script(Status(code))
    sleeps: list[float] = []
    client = client_for(settings_for(server, "anthropic"), sleeps=sleeps)
    reply = client.ask(Judge, {"snippet": "x"})
    assert isinstance(reply, LlmReply), reply
    assert server.paths == ["/v1/messages"] * 2 and sleeps == [1.0]


@pytest.mark.parametrize("code", [500, 503])
def test_a_persistent_server_error_is_a_transport_failure(
    server: LocalLlmServer, code: int
) -> None:
    server.always = Status(code)
    sleeps: list[float] = []
    failure = client_for(settings_for(server), sleeps=sleeps).ask(Judge, {"snippet": "x"})
    assert isinstance(failure, LlmFailure) and failure.kind == "transport"
    assert server.calls == 2 and failure.attempts == 2 and sleeps == [1.0]
    # An HTTP error generated nothing: the attempts count as calls, not tokens.
    assert (failure.usage.calls, failure.usage.output_tokens) == (2, 0)


def test_transport_retries_set_how_many_times_an_error_is_retried(
    server: LocalLlmServer,
) -> None:
    server.always = Status(503)
    failure = client_for(settings_for(server, transport_retries=3)).ask(Judge, {"snippet": "x"})
    assert isinstance(failure, LlmFailure) and server.calls == 4
    server.script(Status(503))
    server.always = Reply()
    failure = client_for(settings_for(server, transport_retries=0)).ask(Judge, {"snippet": "y"})
    assert isinstance(failure, LlmFailure) and failure.kind == "transport" and server.calls == 5


def test_a_slow_reply_is_a_timeout_failure(server: LocalLlmServer) -> None:
    server.script(Reply(delay_s=6))
    failure = client_for(settings_for(server, call_timeout_s=1)).ask(Judge, {"snippet": "x"})
    assert isinstance(failure, LlmFailure) and failure.kind == "timeout", failure
    assert server.calls == 1
    # The provider may have generated: a timed-out call keeps its output reservation.
    assert failure.usage.output_tokens == 8192


def test_another_refusal_is_a_provider_failure_without_retry(server: LocalLlmServer) -> None:
    server.script(Status(400))
    failure = client_for(settings_for(server)).ask(Judge, {"snippet": "x"})
    assert isinstance(failure, LlmFailure) and failure.kind == "provider"
    assert server.calls == 1


def test_a_missing_key_at_call_time_is_a_config_failure_and_sends_nothing(
    server: LocalLlmServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(KEY_ENV)
    client = client_for(settings_for(server))
    failure = client.ask(Judge, {"snippet": "x"})
    assert isinstance(failure, LlmFailure) and failure.kind == "config"
    assert failure.message == f"llm.api_key_env: environment variable {KEY_ENV} is not set"
    assert server.calls == 0 and client.meter.snapshot().calls == 0


def test_a_keyless_local_server_gets_a_placeholder_never_an_ambient_key(
    server: LocalLlmServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", FAKE_KEY)
    settings = LlmSettings(model="openai/local-model", api_base=server.openai_base)
    assert isinstance(client_for(settings).ask(Judge, {"snippet": "x"}), LlmReply)
    assert server.keys_seen == ["no-key"]


def test_inputs_that_do_not_match_the_signature_are_a_caller_error(
    server: LocalLlmServer,
) -> None:
    with pytest.raises(TypeError, match="takes inputs"):
        client_for(settings_for(server)).ask(Judge, {"snipet": "x"})
    assert server.calls == 0


def test_the_key_is_never_on_disk_nor_in_a_message(
    server: LocalLlmServer,
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
    capfd: pytest.CaptureFixture[str],
) -> None:
    caplog.set_level("DEBUG")
    client = client_for(settings_for(server), tmp_path / "run" / "llm_cache")
    server.script(
        Reply(),
        Garbage(),
        Garbage(),
        Status(401, echo_key=True),
        Status(500, echo_key=True),
        Status(500, echo_key=True),
    )
    results = [client.ask(Judge, {"snippet": f"x = {n}"}) for n in range(4)]
    assert [type(result).__name__ for result in results] == [
        "LlmReply",
        "LlmFailure",
        "LlmFailure",
        "LlmFailure",
    ]
    assert set(server.keys_seen) == {FAKE_KEY}  # the key was really sent, at call time
    texts = [result.model_dump_json() for result in results]
    assert any("Incorrect API key provided" in text for text in texts)  # the echo came back
    captured = capfd.readouterr()
    files = [path.read_bytes() for path in tmp_path.rglob("*") if path.is_file()]
    assert files  # the cache holds the paid replies
    for fragment in (FAKE_KEY, FAKE_KEY[:12], FAKE_KEY[-12:]):
        assert all(fragment not in text for text in texts)
        assert all(fragment.encode() not in data for data in files)
        assert fragment not in caplog.text
        assert fragment not in captured.out + captured.err


def test_an_unreachable_server_is_a_transport_failure_after_the_retries(
    tmp_path: Path,
) -> None:
    with LocalLlmServer() as gone:
        settings = settings_for(gone)
    sleeps: list[float] = []
    failure = client_for(settings, tmp_path / "llm_cache", sleeps=sleeps).ask(
        Judge, {"snippet": "x"}
    )
    assert isinstance(failure, LlmFailure) and failure.kind == "transport", failure
    assert failure.attempts == 2 and sleeps == [1.0]
    assert not any(path.is_file() for path in tmp_path.rglob("*"))  # nothing to cache


def test_max_output_tokens_caps_a_request_that_asks_for_more(
    server: LocalLlmServer, tmp_path: Path
) -> None:
    """Fails if a caller's larger limit (the harness passes 8,192) overrides the config's cap."""
    client = client_for(settings_for(server, max_output_tokens=300), tmp_path / "llm_cache")

    reply = client.ask(Judge, {"snippet": "def add(a, b): return a + b"}, max_tokens=8192)

    assert isinstance(reply, LlmReply), reply
    assert max_tokens_of(server.requests[-1]) == 300
