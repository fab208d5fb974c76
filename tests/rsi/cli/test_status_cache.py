"""`rsi status` of a search whose model read from its prompt cache: cache reads and writes
apart from fresh input, the dollars they saved, and the same figures as MLflow metrics."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from evaluators.llm import litellm_price
from rsi.cli.output import console
from rsi.cli.spend import render_spend
from rsi.config import load_config
from rsi.forecast import Spend, Tokens
from rsi.journal import Evaluation, Journal, ProposerUsage, RunStarted
from tests.support.cli_helpers import run_rsi
from tests.support.search_fixtures import write_k3_config

OPUS = "anthropic/claude-opus-4-6"


def _spend() -> Spend:
    used = Tokens(
        calls=10,
        input_tokens=1_000_000,
        output_tokens=0,
        cache_read_input_tokens=800_000,
        cache_write_input_tokens=100_000,
    )
    price = litellm_price(OPUS)
    return Spend(
        tokens={"generator": used, "optimizer": Tokens()},
        usd={"generator": used.usd(price), "optimizer": 0.0},
        models={"generator": OPUS, "optimizer": None},
        prices={"generator": price, "optimizer": None},
    )


def test_status_shows_cache_reads_and_the_dollars_they_saved() -> None:
    spent = _spend()
    # 100k fresh at $5, 800k read at $0.50, 100k written at $6.25, against 1M at $5.
    assert spent.usd["generator"] == pytest.approx(0.5 + 0.4 + 0.625)
    assert spent.saved_usd("generator") == pytest.approx(5.0 - 1.525)
    with console.capture() as captured:
        render_spend(spent)
    shown = captured.get()
    assert "$1.52" in shown
    assert "prompt cache: 800,000 input tokens read, 100,000 written, 100,000 fresh" in shown
    assert "saved $3.48" in shown


def test_mlflow_metrics_keep_the_cache_split_and_the_saving() -> None:
    _, metrics = _spend().as_metrics()
    assert metrics["generator_cache_read_input_tokens"] == 800_000
    assert metrics["generator_cache_write_input_tokens"] == 100_000
    assert metrics["generator_cache_saved_usd"] == pytest.approx(3.475)


def test_status_of_a_journaled_search_reads_the_cache_split_of_both_scopes(
    tmp_path: Path,
) -> None:
    config = load_config(write_k3_config(tmp_path))
    run = tmp_path / "run"
    run.mkdir()
    (run / "config.json").write_text(config.model_dump_json())
    journal = Journal(run)
    journal.append("run:start", RunStarted(run_id="run", experiment="k3", config_hash="x", seed=42))
    split = {"cache_read_input_tokens": 800_000, "cache_write_input_tokens": 100_000}
    usage = {"calls": 10, "input_tokens": 1_000_000, "output_tokens": 0, **split}
    journal.append(
        "eval:train:s:t:42",
        Evaluation(strategy_id="s", task_id="t", seed=42, purpose="train", success=True,
                   initial_outcome="fail", reference_outcome="pass",
                   trace={"runner": "testhelix", "usage": usage}),
    )  # fmt: skip
    journal.append(
        "round:1:attempt:1:usage:diagnosis",
        ProposerUsage(round=1, attempt=1, session="diagnosis", calls=2,
                      input_tokens=1_000_000, output_tokens=0, **split),
    )  # fmt: skip
    journal.close()
    spend = json.loads(run_rsi("status", str(run), "--json").stdout)["spend"]
    assert spend["usd"]["generator"] == pytest.approx(1.525)
    assert spend["cache_saved_usd"] == {"generator": pytest.approx(3.475),
                                        "optimizer": pytest.approx(3.475)}  # fmt: skip
    assert spend["tokens"]["optimizer"]["cache_read_input_tokens"] == 800_000
    text = run_rsi("status", str(run)).stdout
    assert text.count("prompt cache: 800,000 input tokens read") == 2
    assert "saved $3.48" in text
