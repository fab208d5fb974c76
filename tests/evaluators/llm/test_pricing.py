"""Prices (litellm's bundled map, config overrides), the money ledger, the meter's charge."""

from __future__ import annotations

import pytest

from evaluators.llm import (
    CapReached,
    LlmSettings,
    LlmUsage,
    MoneyCaps,
    MoneyLedger,
    ScopeCharge,
    UsageCaps,
    UsageMeter,
    litellm_price,
    price_of,
)
from search_space.errors import UserInputError


def test_the_paper_model_is_priced_from_litellms_bundled_map() -> None:
    price = price_of(LlmSettings(model="anthropic/claude-opus-4-6"))
    assert price is not None and price.source == "litellm"
    assert (price.usd_per_mtok_in, price.usd_per_mtok_out) == (5.0, 25.0)
    assert price.usd(1_000_000, 1_000_000) == pytest.approx(30.0)


def test_a_name_of_another_provider_is_not_borrowed() -> None:
    # claude-opus-4-6 is an Anthropic entry: an OpenAI-compatible server of that name is
    # some other deployment, whose price the map does not know.
    assert litellm_price("openai/claude-opus-4-6") is None
    assert litellm_price("openai/local-model") is None
    assert litellm_price("openai/gpt-4o") is not None


def test_config_prices_override_the_map_and_come_in_pairs() -> None:
    settings = LlmSettings(
        model="openai/local-model", price_per_mtok_in=1.5, price_per_mtok_out=2.0
    )
    price = price_of(settings)
    assert price is not None and price.source == "config"
    assert price.usd(2_000_000, 1_000_000) == pytest.approx(5.0)
    with pytest.raises(UserInputError, match="give both"):
        LlmSettings.from_table({"model": "openai/x", "price_per_mtok_in": 1.0})
    with pytest.raises(UserInputError, match="price_per_mtok_out"):
        LlmSettings.from_table(
            {"model": "openai/x", "price_per_mtok_in": 1.0, "price_per_mtok_out": -1.0}
        )


def test_the_ledger_refuses_a_reservation_that_would_cross_a_cap() -> None:
    ledger = MoneyLedger(MoneyCaps(total=10.0, scopes={"optimizer": 2.0}), {"generator": 3.0})
    ledger.reserve("generator", 6.0)  # 9 of 10 held
    with pytest.raises(CapReached) as refused:
        ledger.reserve("generator", 1.5)
    assert refused.value.cap == "usd" and "max_usd" in str(refused.value)
    ledger.settle("generator", 6.0, 1.0)  # the task cost 1, not 6
    assert ledger.spent() == {"generator": 4.0, "optimizer": 0.0}
    ledger.reserve("generator", 5.5)  # 9.5 of 10
    with pytest.raises(CapReached, match="optimizer_usd"):
        ledger.reserve("optimizer", 2.5)
    assert ledger.check("optimizer", 0.5) is None
    ledger.reserve("optimizer", 0.5)


def test_a_charged_meter_never_sends_a_call_the_money_cap_forbids() -> None:
    ledger = MoneyLedger(MoneyCaps(total=1.0))
    settings = LlmSettings(model="openai/m", price_per_mtok_in=100.0, price_per_mtok_out=100.0)
    price = price_of(settings)
    assert price is not None
    meter = UsageMeter(UsageCaps(), "optimizer", charge=ScopeCharge(ledger, price, "optimizer"))
    # 4,000 chars = 1,000 tokens in, 4,000 out: $0.50 reserved.
    first = meter.reserve(4_000, 4_000)
    with pytest.raises(CapReached) as refused:
        meter.reserve(4_000, 4_400)  # $0.54 more would pass $1.00
    assert refused.value.cap == "usd"
    assert meter.snapshot().calls == 1  # the refused call is not counted
    meter.settle(first, None)  # no reported usage: the reservation stands
    assert ledger.spent()["optimizer"] == pytest.approx(0.5)
    second = meter.reserve(400, 1_000)  # $0.11 fits
    meter.settle(second, LlmUsage(input_tokens=100, output_tokens=10))
    assert ledger.spent()["optimizer"] == pytest.approx(0.5 + 110 * 100 / 1e6)


def test_a_remembered_call_holds_no_money() -> None:
    ledger = MoneyLedger(MoneyCaps(total=0.6))
    settings = LlmSettings(model="openai/m", price_per_mtok_in=100.0, price_per_mtok_out=100.0)
    price = price_of(settings)
    assert price is not None
    meter = UsageMeter(UsageCaps(), "optimizer", charge=ScopeCharge(ledger, price, "optimizer"))
    meter.settle(meter.reserve(4_000, 4_000), None)  # $0.50 spent
    # Another paid call of the same size would cross $0.60; the same question answered
    # from memory is sent to no one and costs nothing.
    with pytest.raises(CapReached):
        meter.reserve(4_000, 4_000)
    meter.settle(meter.reserve(4_000, 4_000, remembered=True), None, cached=True)
    assert ledger.spent()["optimizer"] == pytest.approx(0.5)
    assert meter.snapshot().remembered_calls == 1


def test_the_map_prices_cache_reads_and_writes_apart_from_fresh_input() -> None:
    price = litellm_price("anthropic/claude-opus-4-6")
    assert price is not None
    assert (price.usd_per_mtok_cached_in, price.usd_per_mtok_cache_write) == (0.5, 6.25)
    used = LlmUsage(
        input_tokens=3_000_000,
        output_tokens=0,
        cache_read_input_tokens=1_000_000,
        cache_write_input_tokens=1_000_000,
    )
    assert price.bill(used) == pytest.approx(5.0 + 0.5 + 6.25)
    assert price.unpriced_rates() == ()
    gpt = litellm_price("openai/gpt-5")
    assert gpt is not None and (gpt.usd_per_mtok_in, gpt.usd_per_mtok_cached_in) == (1.25, 0.125)


def test_an_unpriced_cache_rate_is_named_and_counted_at_the_input_rate() -> None:
    settings = LlmSettings(
        model="openai/local-model",
        price_per_mtok_in=2.0,
        price_per_mtok_out=4.0,
        price_per_mtok_cached_in=0.2,
    )
    price = price_of(settings)
    assert price is not None and price.unpriced_rates() == ("cache write",)
    assert price.usd(3_000_000, 0, 1_000_000, 1_000_000) == pytest.approx(2.0 + 0.2 + 2.0)
    # The map's cache rates never mix with a config's own prices.
    own = price_of(LlmSettings(model="anthropic/claude-opus-4-6", price_per_mtok_in=1.0,
                               price_per_mtok_out=1.0))  # fmt: skip
    assert own is not None and own.unpriced_rates() == ("cache read", "cache write")


def test_a_reservation_holds_input_at_the_cache_write_rate_and_settles_at_the_split() -> None:
    price = litellm_price("anthropic/claude-opus-4-6")
    assert price is not None
    ledger = MoneyLedger(MoneyCaps(total=100.0))
    charge = ScopeCharge(ledger, price, "optimizer")
    held = charge.reserve(1_000_000, 0)
    assert held == pytest.approx(6.25)  # the most an input token may cost
    charge.settle(held, LlmUsage(input_tokens=1_000_000, cache_read_input_tokens=1_000_000))
    assert ledger.spent()["optimizer"] == pytest.approx(0.5)
