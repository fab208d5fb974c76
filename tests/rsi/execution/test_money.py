"""Money in every view: `rsi status`, the MLflow search run, the report's cost and the card.

A journal with one generator evaluation (10 calls, 100k input and 20k output tokens) and
one optimizer session (3 calls, 9,000 and 300 tokens), under the paper's model at $5 / $25
per million tokens: $1.00 and $0.0525. The same journal under a model litellm does not
know shows tokens and says the price is unknown. A health stop's abandoned evaluations
are in the totals, labelled, and counted once after a resume; the harness's calls
answered from memory are shown in `rsi status` and as an MLflow metric.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from rsi.config import ExperimentConfig, load_config
from rsi.journal import (
    AbandonedUsage,
    Evaluation,
    Journal,
    ProposerUsage,
    RunStarted,
    SearchHalted,
    read_events,
)
from rsi.lineage.plan import plan as lineage_plan
from rsi.release import run_gate
from rsi.reports.card import card_lines
from rsi.reports.data import collect
from tests.support.cli_helpers import run_rsi
from tests.support.search_fixtures import write_k3_config


def _usage_evaluation(task_id: str, usage: dict[str, int], *, success: bool = False) -> Evaluation:
    """A journaled harness evaluation of strategy "s" whose trace holds `usage`."""
    return Evaluation(
        strategy_id="s",
        task_id=task_id,
        seed=42,
        purpose="train",
        success=success,
        initial_outcome="fail",
        reference_outcome="pass" if success else "fail",
        trace={"runner": "testhelix", "usage": usage},
    )


def _run(
    directory: Path,
    config: ExperimentConfig,
    phases: tuple[dict[str, object], ...] = (),
    unreported: dict[str, int] | None = None,
) -> Path:
    run = directory / "run"
    run.mkdir()
    (run / "config.json").write_text(config.model_dump_json())
    journal = Journal(run)
    journal.append(
        "run:start",
        RunStarted(run_id="run", experiment="testhelix-k3", config_hash="x", seed=42),
    )
    usage = {"calls": 10, "input_tokens": 100_000, "output_tokens": 20_000, "steps": 3}
    usage.update(unreported or {})
    journal.append(
        "eval:train:s:t:42",
        Evaluation(
            strategy_id="s",
            task_id="t",
            seed=42,
            purpose="train",
            success=True,
            initial_outcome="fail",
            reference_outcome="pass",
            trace={"runner": "testhelix", "usage": usage, "phases": list(phases)},
        ),
    )
    journal.append(
        "round:1:attempt:1:usage:diagnosis",
        ProposerUsage(
            round=1,
            attempt=1,
            session="diagnosis",
            calls=3,
            input_tokens=9_000,
            output_tokens=300,
            **(unreported or {}),
        ),
    )
    journal.close()
    return run


def test_a_priced_run_shows_dollars_per_scope_everywhere(tmp_path: Path) -> None:
    config = load_config(write_k3_config(tmp_path))
    run = _run(tmp_path, config)
    shown = run_rsi("status", str(run), "--json")
    assert shown.returncode == 0, shown.stderr
    spend = json.loads(shown.stdout)["spend"]
    assert spend["usd"] == {"generator": pytest.approx(1.0), "optimizer": pytest.approx(0.0525)}
    assert spend["tokens"]["generator"]["calls"] == 10
    assert spend["total_usd"] == pytest.approx(1.0525)
    text = run_rsi("status", str(run)).stdout
    assert "generator model usage (anthropic/claude-opus-4-6): 10 calls" in text
    assert "$1.00" in text and "$0.05" in text

    projected = lineage_plan(read_events(run), config=config)
    assert projected is not None
    metrics = next(n for n in projected.nodes if n.key == "search").metrics
    assert metrics["generator_usd"] == pytest.approx(1.0)
    assert metrics["optimizer_usd"] == pytest.approx(0.0525)
    assert metrics["total_usd"] == pytest.approx(1.0525)
    assert metrics["generator_input_tokens"] == 100_000

    data = collect(run)
    assert data.cost.spend is not None and data.cost.spend.usd["generator"] == pytest.approx(1.0)
    assert data.card.spend == data.cost.spend
    card = replace(data.card, report=run_gate([False, True], [True, True]))
    row = dict(card_lines(card))["spend"]
    assert (
        row == "generator $1.00 (10 calls, 120,000 tokens); optimizer $0.05 (3 calls, 9,300 tokens)"
    )


def test_an_unpriced_model_shows_tokens_and_says_the_price_is_unknown(tmp_path: Path) -> None:
    config = load_config(
        write_k3_config(tmp_path, replace={"anthropic/claude-opus-4-6": "openai/in-house-model"})
    )
    run = _run(tmp_path, config)
    spend = json.loads(run_rsi("status", str(run), "--json").stdout)["spend"]
    assert spend["usd"] == {"generator": None, "optimizer": None}
    assert spend["total_usd"] is None
    assert spend["tokens"]["optimizer"]["input_tokens"] == 9_000
    text = run_rsi("status", str(run)).stdout
    assert "100,000 input and 20,000 output tokens, price unknown" in text
    projected = lineage_plan(read_events(run), config=config)
    assert projected is not None
    search = next(n for n in projected.nodes if n.key == "search")
    assert search.tags["rsi.price.generator"] == "unknown"
    assert "generator_usd" not in search.metrics and "total_usd" not in search.metrics
    assert search.metrics["generator_calls"] == 10


def test_the_scripted_runner_pays_nothing(tmp_path: Path) -> None:
    from tests.support.cli_helpers import ROOT

    config = load_config(ROOT / "experiments/quickstart.toml")
    run = _run(tmp_path, config)
    spend = json.loads(run_rsi("status", str(run), "--json").stdout)["spend"]
    # Its usage is simulated: no model, no tokens, no dollars.
    assert spend["models"] == {"generator": None, "optimizer": None}
    assert spend["usd"] == {"generator": 0.0, "optimizer": 0.0}
    assert spend["tokens"]["generator"]["calls"] == 0


def test_status_totals_where_the_agent_pairs_calls_went(tmp_path: Path) -> None:
    total = {"turns": 10, "remembered": 2, "generation": 6, "feedback": 0, "review": 4,
             "challenge": 0, "tools": {"run": 3, "submit": 2}}  # fmt: skip
    config = load_config(write_k3_config(tmp_path))
    run = _run(tmp_path, config, ({"phase": "calls", "pairs": [], "total": total},))
    shown = json.loads(run_rsi("status", str(run), "--json").stdout)
    assert shown["calls"] == total
    (tmp_path / "structured").mkdir()
    bare = _run(tmp_path / "structured", config)  # no agent pairs ran: nothing to total
    assert json.loads(run_rsi("status", str(bare), "--json").stdout)["calls"] == {}


def test_the_spend_of_halted_evaluations_is_shown_once_and_not_again_after_resume(
    tmp_path: Path,
) -> None:
    """A health stop's abandoned evaluation (never journaled) is in the totals, labelled;
    once a resume journals that evaluation, its own usage counts instead, not both."""
    config = load_config(write_k3_config(tmp_path))
    run = _run(tmp_path, config)
    lost = AbandonedUsage(
        op="eval:train:s:t2:42", calls=17, input_tokens=27_000, output_tokens=5_000
    )
    journal = Journal(run)
    journal.append(
        "halt:1", SearchHalted(reason="calls timed out", cause="slow", abandoned=(lost,))
    )
    journal.close()
    spend = json.loads(run_rsi("status", str(run), "--json").stdout)["spend"]
    assert spend["tokens"]["generator"]["calls"] == 10 + 17
    assert spend["abandoned"]["calls"] == 17 and spend["abandoned"]["input_tokens"] == 27_000
    assert spend["abandoned_usd"] == pytest.approx(27_000 * 5e-6 + 5_000 * 25e-6)
    text = " ".join(run_rsi("status", str(run)).stdout.split())
    assert "generator model usage (anthropic/claude-opus-4-6): 27 calls" in text
    assert "of which in evaluations a model stop abandoned: 17 calls, 27,000 input" in text

    journal = Journal(run)  # the resume journals that evaluation, replaying its replies
    usage = {"calls": 17, "input_tokens": 27_000, "output_tokens": 5_000, "remembered_calls": 4}
    journal.append(
        lost.op,
        _usage_evaluation("t2", usage),
    )
    journal.close()
    spend = json.loads(run_rsi("status", str(run), "--json").stdout)["spend"]
    assert spend["tokens"]["generator"]["calls"] == 10 + 17  # not 10 + 17 + 17
    assert spend["abandoned"]["calls"] == 0


def test_calls_answered_from_memory_are_shown_in_status_and_mlflow(tmp_path: Path) -> None:
    config = load_config(write_k3_config(tmp_path))
    run = _run(tmp_path, config)
    journal = Journal(run)
    usage = {"calls": 5, "remembered_calls": 3, "input_tokens": 1_000, "output_tokens": 100}
    journal.append(
        "eval:train:s:t3:42",
        _usage_evaluation("t3", usage),
    )
    journal.close()
    assert (
        json.loads(run_rsi("status", str(run), "--json").stdout)["spend"]["remembered_calls"] == 3
    )
    text = " ".join(run_rsi("status", str(run)).stdout.split())
    assert "harness calls answered from memory (not billed): 3" in text
    projected = lineage_plan(read_events(run), config=config)
    assert projected is not None
    metrics = next(n for n in projected.nodes if n.key == "search").metrics
    assert metrics["generator_remembered_calls"] == 3


def test_status_shows_what_the_server_reported_apart_from_reservations(tmp_path: Path) -> None:
    """Issue 42: a timed-out call is billed at its reservation but must not read as tokens
    a server reported. Both scopes here: 2 calls of 100 output tokens no server reported."""
    config = load_config(write_k3_config(tmp_path))
    held = {"estimated_calls": 2, "estimated_input_tokens": 250, "estimated_output_tokens": 200}
    run = _run(tmp_path, config, unreported=held)
    text = " ".join(run_rsi("status", str(run)).stdout.split())
    assert "generator model usage (anthropic/claude-opus-4-6): 10 calls" in text
    assert "reported by the server: 8 calls, 99,750 input and 19,800 output tokens" in text
    assert "counted at their reservation: 2 calls, 250 input and 200 output tokens" in text
    assert "reported by the server: 1 calls, 8,750 input and 100 output tokens" in text
    (tmp_path / "old").mkdir()
    old = _run(tmp_path / "old", config)  # a journal from before: no such line
    assert "reported by the server" not in run_rsi("status", str(old)).stdout
