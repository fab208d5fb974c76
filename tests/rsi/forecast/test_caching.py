"""The bill with and without prompt caching (rsi/forecast/caching.py)."""

from __future__ import annotations

import pytest

from rsi.config import load_config
from rsi.forecast import Measured, Tokens, forecast
from rsi.forecast.caching import AGENT_TURNS, prefix_shares
from tests.support.search_fixtures import K3

PILOT = {
    "run_dir": "pilot", "config_hash": None, "evaluations": 2, "task_seconds": 600.0,
    "attempts": 0, "per_attempt": Tokens(), "rounds": 0, "keep_rate": None,
    "attempts_per_round": None, "initial_dev_rar": None,
}  # fmt: skip


def test_a_growing_conversation_writes_its_last_prompt_and_reads_the_rest() -> None:
    # Prompts 1, 2, 3, 4 (the first prompt, then one more each turn): 10 in all, the last
    # prompt (4) written once over the conversation, the other 6 read.
    assert prefix_shares(4, growth=1.0) == pytest.approx((0.6, 0.4))
    assert prefix_shares(1) == (0.0, 1.0)  # one call: nothing to read
    read, write = prefix_shares(AGENT_TURNS)
    assert read + write == pytest.approx(1.0) and read > 0.8


def test_plan_prices_the_papers_search_with_and_without_caching() -> None:
    config = load_config(K3)
    plan = forecast(config)
    bill = plan.caching
    assert bill is not None and bill.shares["generator"].source == "model"
    assert plan.worst.total.total_usd == pytest.approx(bill.worst_uncached_usd)
    # No hit: every input token written at $6.25 instead of read or paid at $5.
    assert bill.worst_usd is not None and bill.worst_uncached_usd is not None
    assert bill.worst_usd > bill.worst_uncached_usd
    assert bill.expected_usd is None  # nothing measured
    per_task = Tokens(calls=12, input_tokens=96_000, output_tokens=12_000)
    measured = forecast(config, Measured(per_task=per_task, **PILOT))
    assert measured.caching is not None and measured.expected is not None
    assert measured.caching.expected_uncached_usd == pytest.approx(
        measured.expected.total.total_usd
    )
    assert measured.caching.expected_usd < 0.6 * measured.caching.expected_uncached_usd


def test_a_pilots_measured_cache_share_replaces_the_model() -> None:
    split = Tokens(
        calls=12,
        input_tokens=100_000,
        output_tokens=1_000,
        cache_read_input_tokens=50_000,
        cache_write_input_tokens=10_000,
    )
    bill = forecast(load_config(K3), Measured(per_task=split, **PILOT)).caching
    assert bill is not None
    share = bill.shares["generator"]
    assert (share.source, share.read, share.write) == ("measured", 0.5, 0.1)
    assert bill.shares["optimizer"].source == "model"  # no attempt measured


def test_a_local_endpoint_is_forecast_with_no_hit(tmp_path) -> None:
    from tests.support.search_fixtures import write_k3_config

    local = {'"anthropic/claude-opus-4-6"': '"openai/local-model"',
             'api_key_env = "ANTHROPIC_API_KEY"': 'api_base = "http://127.0.0.1:9/v1"'}  # fmt: skip
    extra = "price_per_mtok_in = 1.0\nprice_per_mtok_out = 1.0\n"
    config = load_config(write_k3_config(tmp_path, replace={
        **local, "transport_retries = 1 ": f"transport_retries = 1\n{extra}"}))  # fmt: skip
    bill = forecast(config).caching
    assert bill is not None and bill.shares["generator"].source == "none"
    assert bill.worst_usd == pytest.approx(bill.worst_uncached_usd)
