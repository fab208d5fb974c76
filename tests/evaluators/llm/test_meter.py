"""The usage meter: every cap is checked before a call, reservations and settlement."""

from __future__ import annotations

import threading

import pytest

from evaluators.llm import (
    CapReached,
    LlmClient,
    LlmFailure,
    LlmReply,
    LlmUsage,
    UsageCaps,
    UsageMeter,
)
from rsi.cli.output import unreported
from tests.support.llm_judge import FAKE_KEY, GOOD, KEY_ENV, Judge, settings_for
from tests.support.llm_server import LocalLlmServer, Reply


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_call_cap_admits_exactly_that_many_calls() -> None:
    meter = UsageMeter(UsageCaps(calls=3), "generator")
    for _ in range(3):
        meter.settle(meter.reserve(40, 10), LlmUsage(input_tokens=10, output_tokens=5))
    with pytest.raises(CapReached) as refused:
        meter.reserve(40, 10)
    assert refused.value.cap == "calls"
    assert "calls" in str(refused.value) and "generator" in str(refused.value)
    assert meter.snapshot().calls == 3


def test_a_reservation_counts_chars_over_four_and_max_tokens_until_settled() -> None:
    meter = UsageMeter(UsageCaps(), "generator")
    reservation = meter.reserve(prompt_chars=401, max_tokens=2048)
    assert (reservation.input_tokens, reservation.output_tokens) == (101, 2048)
    assert meter.snapshot().input_tokens == 101 and meter.snapshot().output_tokens == 2048
    meter.settle(reservation, LlmUsage(input_tokens=90, output_tokens=300))
    assert (meter.snapshot().input_tokens, meter.snapshot().output_tokens) == (90, 300)


def test_without_reported_usage_the_reservation_stands() -> None:
    meter = UsageMeter(UsageCaps(), "generator")
    meter.settle(meter.reserve(400, 1000), None)
    assert (meter.snapshot().input_tokens, meter.snapshot().output_tokens) == (100, 1000)


@pytest.mark.parametrize(
    ("caps", "cap"),
    [
        (UsageCaps(input_tokens=250), "input_tokens"),
        (UsageCaps(output_tokens=2500), "output_tokens"),
    ],
)
def test_token_caps_refuse_a_call_whose_reservation_would_pass_them(
    caps: UsageCaps, cap: str
) -> None:
    meter = UsageMeter(caps, "generator")
    meter.settle(meter.reserve(400, 1000), None)  # 100 in, 1000 out
    meter.settle(meter.reserve(400, 1000), None)  # 200 in, 2000 out
    with pytest.raises(CapReached) as refused:
        meter.reserve(400, 1000)
    assert refused.value.cap == cap
    assert meter.snapshot().calls == 2  # the refused call was never counted


def test_a_call_that_fits_exactly_is_admitted() -> None:
    meter = UsageMeter(
        UsageCaps(calls=1, input_tokens=100, output_tokens=1000), "g", clock=FakeClock()
    )
    meter.settle(meter.reserve(400, 1000), None)
    assert meter.snapshot() == LlmUsage(
        calls=1,
        input_tokens=100,
        output_tokens=1000,
        estimated_calls=1,  # no usage reported: billed at its reservation, said so
        estimated_input_tokens=100,
        estimated_output_tokens=1000,
    )


def test_the_wall_cap_runs_on_the_injected_clock() -> None:
    clock = FakeClock()
    meter = UsageMeter(UsageCaps(wall_s=900), "generator", clock=clock)
    clock.now += 899.5
    meter.settle(meter.reserve(10, 10), None)
    assert meter.remaining_wall_s() == pytest.approx(0.5)
    clock.now += 0.5
    with pytest.raises(CapReached) as refused:
        meter.reserve(10, 10)
    assert refused.value.cap == "wall_s"
    assert meter.snapshot().seconds == pytest.approx(900.0)


def test_concurrent_slots_are_held_from_reserve_to_settle() -> None:
    clock = FakeClock()
    meter = UsageMeter(UsageCaps(concurrent=2, wall_s=5), "generator", clock=clock)
    first, second = meter.reserve(10, 10), meter.reserve(10, 10)
    admitted = threading.Event()

    def third() -> None:
        meter.settle(meter.reserve(10, 10), None)
        admitted.set()

    waiter = threading.Thread(target=third)
    waiter.start()
    assert not admitted.wait(0.3)  # both slots held: the third call waits
    meter.settle(first, None)
    waiter.join(timeout=30)
    assert admitted.is_set()
    meter.settle(second, None)
    assert meter.snapshot().calls == 3


def test_waiting_for_a_slot_ends_at_the_wall_cap() -> None:
    clock = FakeClock()
    meter = UsageMeter(UsageCaps(concurrent=1, wall_s=900), "generator", clock=clock)
    held = meter.reserve(10, 10)
    clock.now += 899.99  # 0.01 s of wall left: the wait for the held slot times out
    with pytest.raises(CapReached) as refused:
        meter.reserve(10, 10)
    assert refused.value.cap == "wall_s"
    assert str(refused.value) == (
        "generator: llm cap wall_s reached (no call slot freed before the wall cap)"
    )
    meter.settle(held, None)


def test_a_refused_call_frees_its_slot() -> None:
    meter = UsageMeter(UsageCaps(calls=1, concurrent=1), "generator")
    meter.settle(meter.reserve(10, 10), None)
    for _ in range(3):  # a leaked slot would make the second refusal a wall-cap wait
        with pytest.raises(CapReached) as refused:
            meter.reserve(10, 10)
        assert refused.value.cap == "calls"


def test_settling_twice_is_an_error() -> None:
    meter = UsageMeter(UsageCaps(), "generator")
    reservation = meter.reserve(10, 10)
    meter.settle(reservation, None)
    with pytest.raises(ValueError, match="not open"):
        meter.settle(reservation, None)


def test_many_threads_never_pass_the_call_cap() -> None:
    meter = UsageMeter(UsageCaps(calls=48, concurrent=2), "generator")
    refused: list[str] = []
    lock = threading.Lock()

    def worker() -> None:
        for _ in range(10):
            try:
                meter.settle(meter.reserve(100, 100), LlmUsage(input_tokens=20, output_tokens=20))
            except CapReached as error:
                with lock:
                    refused.append(error.cap)

    threads = [threading.Thread(target=worker) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert meter.snapshot().calls == 48
    assert refused == ["calls"] * 32


def test_scopes_are_separate_allowances() -> None:
    generator = UsageMeter(UsageCaps(calls=1), "generator")
    optimizer = UsageMeter(UsageCaps(calls=1), "optimizer")
    generator.settle(generator.reserve(10, 10), None)
    optimizer.settle(optimizer.reserve(10, 10), None)
    with pytest.raises(CapReached, match="optimizer"):
        optimizer.reserve(10, 10)


def test_cached_calls_count_against_the_caps_and_are_reported() -> None:
    meter = UsageMeter(UsageCaps(calls=2), "generator")
    meter.settle(meter.reserve(10, 10), LlmUsage(input_tokens=3, output_tokens=2), cached=True)
    meter.settle(meter.reserve(10, 10), None)
    assert (meter.snapshot().calls, meter.snapshot().cached_calls) == (2, 1)
    with pytest.raises(CapReached):
        meter.reserve(10, 10)


def test_a_remembered_call_meets_the_caps_but_is_never_billed() -> None:
    meter = UsageMeter(UsageCaps(calls=2), "generator")
    meter.settle(meter.reserve(40, 10), LlmUsage(input_tokens=10, output_tokens=5))
    repeat = meter.reserve(40, 10, remembered=True)
    meter.settle(repeat, LlmUsage(input_tokens=10, output_tokens=5), cached=True)
    used = meter.snapshot()
    assert (used.calls, used.cached_calls, used.remembered_calls) == (1, 0, 1)
    assert (used.input_tokens, used.output_tokens) == (10, 5)  # the bill: the first call only
    with pytest.raises(CapReached) as refused:  # the allowance: both calls
        meter.reserve(40, 10)
    assert refused.value.cap == "calls"


# -- reported usage apart from reservations (issue 42, item 5) ----------------------------


def test_a_timed_out_call_is_billed_at_its_reservation_and_shown_as_not_reported(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Over the real client path: one call the server reports, one that times out. The
    caps still count the reservation; the snapshot says which part no server reported.
    Fails if the timed-out call's 512 output tokens read as reported ones."""
    monkeypatch.setenv(KEY_ENV, FAKE_KEY)
    meter = UsageMeter(UsageCaps(output_tokens=10_000), "generator")
    with LocalLlmServer(responder=lambda body: GOOD) as server:
        settings = settings_for(server, call_timeout_s=0.5, transport_retries=0)
        client = LlmClient(settings, meter)
        answered = client.ask(Judge, {"snippet": "one"}, max_tokens=512)
        server.script(Reply(delay_s=2.0))  # busy past the client's timeout
        timed_out = client.ask(Judge, {"snippet": "two"}, max_tokens=512)
        reported_out = server.completion_tokens

    assert isinstance(answered, LlmReply), answered
    assert isinstance(timed_out, LlmFailure) and timed_out.kind == "timeout", timed_out
    used = meter.snapshot()
    assert used.calls == 2 and used.estimated_calls == 1
    assert used.estimated_output_tokens == 512
    assert used.output_tokens == answered.usage.output_tokens + 512
    assert used.output_tokens - used.estimated_output_tokens == reported_out
    assert timed_out.usage.estimated_output_tokens == 512
    line = unreported(used.model_dump())
    assert (
        f"reported by the server: 1 calls, {used.input_tokens - used.estimated_input_tokens}"
        in line
    )
    assert f"{reported_out} output tokens; not reported" in line
    assert "counted at their reservation: 1 calls" in line and "512 output tokens" in line


def test_an_open_reservation_is_an_estimate_until_settled() -> None:
    meter = UsageMeter(UsageCaps(), "generator")
    reservation = meter.reserve(prompt_chars=40, max_tokens=100)
    assert meter.snapshot().estimated_output_tokens == 100
    meter.settle(reservation, LlmUsage(input_tokens=10, output_tokens=7))
    used = meter.snapshot()
    assert (used.output_tokens, used.estimated_calls, used.estimated_output_tokens) == (7, 0, 0)
    assert "estimated_calls" not in used.model_dump()  # old records keep their shape


def test_usage_adds_field_by_field_and_shows_estimates_and_cache_parts_only_when_set() -> None:
    names = list(LlmUsage.model_fields)
    one = LlmUsage(**{name: index + 1 for index, name in enumerate(names)})
    many = LlmUsage(**{name: 100 * (index + 1) for index, name in enumerate(names)})
    assert (one + many).model_dump() == {
        name: 101 * (index + 1) for index, name in enumerate(names)
    }
    split = LlmUsage(input_tokens=10, cache_read_input_tokens=3, cache_write_input_tokens=2)
    assert split.fresh_input_tokens == 5
    assert set(LlmUsage(calls=1).model_dump()) == {
        "calls", "cached_calls", "remembered_calls", "input_tokens", "output_tokens", "seconds",
    }  # fmt: skip


def test_a_refused_call_names_its_cap_and_what_it_needed() -> None:
    meter = UsageMeter(UsageCaps(calls=1, input_tokens=10, output_tokens=100), "generator")
    with pytest.raises(CapReached) as tokens:
        meter.reserve(44, 1)  # 11 input tokens
    assert str(tokens.value) == (
        "generator: llm cap input_tokens reached (0 of 10 used, this call needs 11)"
    )
    assert (tokens.value.cap, tokens.value.scope) == ("input_tokens", "generator")
    meter.settle(meter.reserve(40, 100), None)
    with pytest.raises(CapReached) as calls:
        meter.reserve(0, 0)
    assert str(calls.value) == "generator: llm cap calls reached (1 of 1 used, this call needs 1)"
    clock = FakeClock()
    late = UsageMeter(UsageCaps(wall_s=900), "optimizer", clock=clock)
    clock.now += 901
    with pytest.raises(CapReached) as wall:
        late.reserve(10, 10)
    assert str(wall.value) == "optimizer: llm cap wall_s reached (901 s of 900 s elapsed)"


def test_reported_usage_replaces_the_reservation_with_its_cache_parts() -> None:
    meter = UsageMeter(UsageCaps(input_tokens=200, output_tokens=60), "generator")
    reported = LlmUsage(
        input_tokens=30, output_tokens=7, cache_read_input_tokens=10, cache_write_input_tokens=5
    )
    meter.settle(meter.reserve(400, 50), reported)  # reserved 100 in, 50 out
    assert meter.snapshot().model_dump(exclude={"seconds"}) == {
        "calls": 1, "cached_calls": 0, "remembered_calls": 0, "input_tokens": 30,
        "output_tokens": 7, "cache_read_input_tokens": 10, "cache_write_input_tokens": 5,
    }  # fmt: skip
    meter.settle(meter.reserve(400, 50, remembered=True), reported, cached=True)
    after = meter.snapshot()  # remembered: meets the caps, never billed
    assert (after.calls, after.input_tokens, after.cached_calls, after.remembered_calls) == (
        1,
        30,
        0,
        1,
    )
    meter.settle(meter.reserve(0, 0, remembered=True), None)
    assert meter.snapshot().remembered_calls == 2
    cache = LlmUsage(cache_read_input_tokens=1, cache_write_input_tokens=2)
    meter.settle(meter.reserve(0, 0), cache)
    assert (
        meter.snapshot().cache_read_input_tokens,
        meter.snapshot().cache_write_input_tokens,
    ) == (
        11,
        7,
    )  # summed over the calls
    meter.settle(meter.reserve(400, 46), None)  # the caps count 30 + 30 + 100 in, 7 + 7 + 46 out
    with pytest.raises(CapReached) as refused:
        meter.reserve(4, 1)
    assert str(refused.value).endswith("(60 of 60 used, this call needs 1)")
    with pytest.raises(ValueError) as twice:
        reservation = meter.reserve(4, 0)
        meter.settle(reservation, None)
        meter.settle(reservation, None)
    assert str(twice.value) == f"reservation {reservation.id} is not open"
