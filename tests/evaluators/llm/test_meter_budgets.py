"""Caps, cache and replay, counted by the local server itself.

Every cap holds exactly from the server's side: it never sees a call, or bills a token,
beyond what the caps allow. A cached or replayed call never reaches it.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from evaluators.llm import (
    CapReached,
    LlmClient,
    LlmFailure,
    LlmReply,
    LlmSettings,
    ResponseCache,
    UsageCaps,
    UsageMeter,
)
from search_space.errors import UserInputError
from tests.support.llm_judge import GOOD, KEY_ENV, Judge, Verdict, settings_for
from tests.support.llm_server import LocalLlmServer, Reply, Status


@pytest.fixture
def server() -> Iterator[LocalLlmServer]:
    with LocalLlmServer(responder=lambda body: GOOD) as running:
        yield running


@pytest.fixture(autouse=True)
def fake_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(KEY_ENV, "sk-FAKE-budget-0123456789")


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0
        self.lock = threading.Lock()

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        with self.lock:
            self.now += seconds


def ask_many(client: LlmClient, count: int, **options: int) -> list[LlmReply | LlmFailure]:
    return [client.ask(Judge, {"snippet": f"x = {n}"}, **options) for n in range(count)]


def test_the_call_cap_holds_exactly_at_the_server(server: LocalLlmServer) -> None:
    meter = UsageMeter(UsageCaps(), "generator")  # the paper's 48 calls
    results = ask_many(LlmClient(settings_for(server), meter), 60)
    assert server.calls == 48 and meter.snapshot().calls == 48
    assert all(isinstance(result, LlmReply) for result in results[:48])
    assert {(r.kind, r.cap) for r in results[48:] if isinstance(r, LlmFailure)} == {
        ("cap", "calls")
    }


def test_the_output_cap_stops_calls_before_they_are_sent(server: LocalLlmServer) -> None:
    server.always = Reply(tokens=(100, 900))
    meter = UsageMeter(UsageCaps(output_tokens=4000), "generator")
    results = ask_many(LlmClient(settings_for(server), meter), 6, max_tokens=1000)
    # Reported 900 each: 3600 used, and a fifth call's 1000-token reservation would pass 4000.
    assert server.calls == 4 and server.completion_tokens == 3600 <= 4000
    assert [getattr(result, "cap", None) for result in results[4:]] == ["output_tokens"] * 2


def test_the_input_cap_stops_calls_before_they_are_sent(server: LocalLlmServer) -> None:
    probe = LlmClient(settings_for(server), UsageMeter(UsageCaps(), "probe"))
    probe.ask(Judge, {"snippet": "x = 0"})
    per_call, server.prompt_tokens, server.calls = server.prompt_tokens, 0, 0
    meter = UsageMeter(UsageCaps(input_tokens=3 * per_call + per_call // 2), "generator")
    results = ask_many(LlmClient(settings_for(server), meter), 5)
    assert server.calls == 3 and server.prompt_tokens <= meter.caps.input_tokens
    assert [getattr(result, "cap", None) for result in results[3:]] == ["input_tokens"] * 2


def test_without_reported_usage_the_reservation_is_what_the_caps_see(
    server: LocalLlmServer,
) -> None:
    server.always = Reply(usage=False)
    meter = UsageMeter(UsageCaps(output_tokens=2500), "generator")
    results = ask_many(LlmClient(settings_for(server), meter), 3, max_tokens=1000)
    # The replies are short, but unreported: each keeps its 1000-token reservation.
    assert server.calls == 2 and server.completion_tokens < 100
    assert meter.snapshot().output_tokens == 2000
    assert isinstance(results[2], LlmFailure) and results[2].cap == "output_tokens"


def test_the_wall_cap_holds_on_the_meter_clock(server: LocalLlmServer) -> None:
    clock = FakeClock()

    def slow_model(body: dict) -> str:
        clock.advance(400)  # each call takes 400 s of the task's wall time
        return GOOD

    server.responder = slow_model
    meter = UsageMeter(UsageCaps(wall_s=900), "generator", clock=clock)
    results = ask_many(LlmClient(settings_for(server), meter), 5)
    assert server.calls == 3  # started at 0, 400 and 800 s; none after 900 s
    assert [getattr(result, "cap", None) for result in results[3:]] == ["wall_s"] * 2


def test_a_retry_wait_that_would_pass_the_wall_cap_is_not_taken(
    server: LocalLlmServer,
) -> None:
    clock = FakeClock()
    meter = UsageMeter(UsageCaps(wall_s=900), "generator", clock=clock)
    clock.advance(899)
    server.script(Status(429, retry_after=5))
    sleeps: list[float] = []
    client = LlmClient(settings_for(server), meter, sleep=sleeps.append)
    failure = client.ask(Judge, {"snippet": "x"})
    assert isinstance(failure, LlmFailure) and failure.kind == "transport"
    assert "no wall time left" in failure.message
    assert server.calls == 1 and sleeps == []


def test_concurrent_asks_share_the_concurrency_cap(server: LocalLlmServer) -> None:
    server.always = Reply(delay_s=0.2)
    meter = UsageMeter(UsageCaps(concurrent=2), "generator")
    client = LlmClient(settings_for(server), meter)
    results: list[LlmReply | LlmFailure] = []
    threads = [
        threading.Thread(target=lambda n=n: results.append(client.ask(Judge, {"snippet": n})))
        for n in map(str, range(6))
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(results) == 6 and all(isinstance(result, LlmReply) for result in results)
    assert server.calls == 6 and server.max_in_flight <= 2


def test_a_cached_request_never_reaches_the_server_again(
    server: LocalLlmServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = tmp_path / "run" / "llm_cache"
    first = LlmClient(settings_for(server), UsageMeter(UsageCaps(), "g"), ResponseCache(cache))
    paid = first.ask(Judge, {"snippet": "x = 1"})
    assert isinstance(paid, LlmReply) and server.calls == 1
    # A resumed task: a new client and meter, another key and another address.
    monkeypatch.setenv(KEY_ENV, "sk-FAKE-another-key-00000000")
    elsewhere = settings_for(server, api_base="http://127.0.0.1:9/v1")
    meter = UsageMeter(UsageCaps(), "g")
    again = LlmClient(elsewhere, meter, ResponseCache(cache)).ask(Judge, {"snippet": "x = 1"})
    assert isinstance(again, LlmReply) and server.calls == 1
    assert again.get("verdict", Verdict) == paid.get("verdict", Verdict)
    assert (again.cached, again.usage.input_tokens) == (1, paid.usage.input_tokens)
    # A replayed call still counts against the caps, with the usage recorded when paid.
    assert (meter.snapshot().calls, meter.snapshot().cached_calls) == (1, 1)
    assert meter.snapshot().input_tokens == paid.usage.input_tokens


def test_an_answered_request_is_never_sent_again_in_one_client(
    server: LocalLlmServer, tmp_path: Path
) -> None:
    cache = ResponseCache(tmp_path / "llm_cache")
    texts = iter(GOOD.replace('"score": 3', f'"score": {n}') for n in range(10))
    server.responder = lambda body: next(texts)

    def run() -> tuple[list[int], list[bool], UsageMeter]:
        meter = UsageMeter(UsageCaps(calls=2), "g")
        client = LlmClient(settings_for(server), meter, cache)
        replies = ask_many(client, 1) + ask_many(client, 1)  # the same request twice
        assert all(isinstance(reply, LlmReply) for reply in replies)
        scores = [reply.outputs["verdict"].score for reply in replies]  # type: ignore[union-attr]
        return scores, [reply.repeated for reply in replies], meter  # type: ignore[union-attr]

    scores, repeated, meter = run()
    assert scores == [0, 0] and repeated == [False, True] and server.calls == 1
    # The repeat is never billed: the meter's usage is the server's count, the repeat
    # apart; it still counts against the caps as a cache hit does (2 of 2 calls asked).
    used = meter.snapshot()
    assert (used.calls, used.cached_calls, used.remembered_calls) == (1, 0, 1)
    assert (used.input_tokens, used.output_tokens) == (
        server.prompt_tokens,
        server.completion_tokens,
    )
    with pytest.raises(CapReached):
        meter.reserve(10, 10)
    scores, repeated, meter = run()  # a re-run task replays from the cache, then from memory
    assert scores == [0, 0] and repeated == [False, True] and server.calls == 1
    used = meter.snapshot()
    assert (used.calls, used.cached_calls, used.remembered_calls) == (1, 1, 1)
    assert used.input_tokens == server.prompt_tokens  # billed once, when first paid


def test_a_failed_request_is_not_an_answer_and_may_be_sent_again(
    server: LocalLlmServer,
) -> None:
    server.script(Status(400))  # a provider refusal: no answer, nothing remembered
    client = LlmClient(settings_for(server), UsageMeter(UsageCaps(), "g"))
    first, second = ask_many(client, 1) + ask_many(client, 1)
    assert isinstance(first, LlmFailure) and isinstance(second, LlmReply)
    assert not second.repeated and server.calls == 2


def test_a_resumed_task_meets_its_caps_at_the_same_call(
    server: LocalLlmServer, tmp_path: Path
) -> None:
    cache = ResponseCache(tmp_path / "llm_cache")
    crashed = LlmClient(settings_for(server), UsageMeter(UsageCaps(calls=5), "g"), cache)
    ask_many(crashed, 3)  # then the process dies
    resumed = LlmClient(settings_for(server), UsageMeter(UsageCaps(calls=5), "g"), cache)
    results = ask_many(resumed, 8)
    assert server.calls == 5  # 3 paid before the crash, 2 after; never a second allowance
    assert [type(result).__name__ for result in results] == ["LlmReply"] * 5 + ["LlmFailure"] * 3


def test_a_recorded_run_replays_from_its_cassette_with_the_server_gone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = ResponseCache(tmp_path / "run" / "llm_cache")
    with LocalLlmServer(responder=lambda body: GOOD) as live:
        recorded = LlmClient(settings_for(live), UsageMeter(UsageCaps(), "g"), cache)
        paid = ask_many(recorded, 3)
        base = live.openai_base
    cassette = tmp_path / "published.jsonl"
    assert cache.export(cassette) == 3
    monkeypatch.delenv(KEY_ENV)  # replay needs no key
    for source in (cassette, tmp_path / "run" / "llm_cache"):
        settings = LlmSettings(
            model="openai/local-model", api_base=base, api_key_env=KEY_ENV, replay=source
        )
        replayer = LlmClient(settings, UsageMeter(UsageCaps(), "g"))
        replayed = ask_many(replayer, 3)
        assert [reply.model_dump()["text"] for reply in replayed] == [
            reply.model_dump()["text"] for reply in paid
        ]
        miss = replayer.ask(Judge, {"snippet": "never recorded"})
        assert isinstance(miss, LlmFailure) and miss.kind == "replay_miss"
        assert "holds no reply" in miss.message


def test_replay_with_a_missing_cassette_is_a_user_error(tmp_path: Path) -> None:
    settings = LlmSettings(model="openai/local-model", replay=tmp_path / "absent.jsonl")
    with pytest.raises(UserInputError, match=r"^llm.replay: cassette .* does not exist$"):
        LlmClient(settings, UsageMeter(UsageCaps(), "g"))
