"""`rsi plan`: the bill of a search per phase, worst and expected, and its bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rsi.cli.plan import flipped, switch_bills
from rsi.config import load_config
from rsi.forecast import Measured, Tokens, forecast
from rsi.forecast.bill import ASSUMED_RACE_SHARES
from tests.support.cli_helpers import ROOT, assert_one_line_user_error, run_rsi
from tests.support.search_fixtures import K3, write_k3_config


def test_the_paper_search_at_its_caps() -> None:
    plan = forecast(load_config(K3))
    phases = {p.phase: p for p in plan.worst.phases}
    # 20 rounds x (parent + child) x 25; the initial and 20 kept children x 100 dev tasks;
    # champion and initial x 100 release tasks.
    assert (phases["proposal"].evaluations, phases["dev"].evaluations) == (1000, 2100)
    assert phases["release"].evaluations == 200
    assert phases["proposal"].attempts == 40  # the attempts limit bounds the optimizer
    assert plan.worst.total.generator.calls == 3300 * 48
    assert plan.worst.total.generator.input_tokens == 3300 * 500_000
    # $5 / $25 per million tokens (claude-opus-4-6 in litellm's map): $5 per task at caps.
    assert plan.worst.total.usd["generator"] == pytest.approx(16_500)
    # 40 attempts, each session at its step cap, its input growing every turn.
    assert 3_000 < (plan.worst.total.usd["optimizer"] or 0) < 3_500
    # 7 waves of 4 workers per 25-task batch at 900 s plus the judge's two 180 s runs.
    assert phases["release"].hours == pytest.approx(50 * 1260 / 3600)
    assert plan.expected is None  # nothing measured: worst case only
    assert plan.power is not None and plan.power.n == 100


def test_the_expected_case_scales_what_was_measured() -> None:
    measured = Measured(
        run_dir="r",
        config_hash=None,
        evaluations=10,
        per_task=Tokens(calls=10, input_tokens=40_000, output_tokens=8_000),
        task_seconds=300.0,
        attempts=4,
        per_attempt=Tokens(calls=3, input_tokens=9_000, output_tokens=1_500),
        rounds=2,
        keep_rate=0.5,
        attempts_per_round=2.0,
        initial_dev_rar=0.4,
    )
    plan = forecast(load_config(K3), measured, {"proposal": 5, "attempts": 0})
    assert plan.expected is not None
    phases = {p.phase: p for p in plan.expected.phases}
    # 20 rounds at 2 attempts each fit 40 attempts; 10 of 20 rounds keep.
    assert phases["proposal"].evaluations == 1000 - 5  # the pilot's 5 are not paid again
    assert phases["proposal"].attempts == 40
    assert phases["dev"].evaluations == 100 * (1 + 10)
    # The gate runs unless all 20 rounds discard their child (0.5 ** 20).
    assert phases["release"].evaluations == pytest.approx(200 * (1 - 0.5**20))
    total = plan.expected.total
    assert total.generator.calls == pytest.approx(10 * (995 + 1100 + 200), rel=1e-5)
    assert total.optimizer.calls == pytest.approx(3 * 40)
    assert total.usd["generator"] == pytest.approx(
        (995 + 1100 + 200) * (40_000 * 5 + 8_000 * 25) / 1e6, rel=1e-5
    )
    assert plan.keep_rate_measured and plan.power is not None
    assert plan.power.baseline_rate == pytest.approx(0.4)
    # Its range: no round keeps (the initial strategy on dev, no gate), every round keeps.
    assert plan.low is not None and plan.high is not None
    low = {p.phase: p.evaluations for p in plan.low.phases}
    high = {p.phase: p.evaluations for p in plan.high.phases}
    assert low == {"proposal": 995, "dev": 100, "release": 0}
    assert high == {"proposal": 995, "dev": 100 * 21, "release": 200}


def _pilot(evaluations: int = 2) -> Measured:
    """What a pilot measures: task evaluations of the initial strategy, no round."""
    return Measured(
        run_dir="r",
        config_hash=None,
        evaluations=evaluations,
        per_task=Tokens(calls=4, input_tokens=5_000, output_tokens=1_500),
        task_seconds=10.0,
        attempts=0,
        per_attempt=Tokens(),
        rounds=0,
        keep_rate=None,
        attempts_per_round=None,
        initial_dev_rar=None,
    )


def test_a_search_that_keeps_nothing_releases_nothing() -> None:
    measured = _pilot().model_copy(update={"rounds": 1, "keep_rate": 0.0, "attempts": 1})
    plan = forecast(load_config(K3), measured)
    assert plan.expected is not None
    phases = {p.phase: p.evaluations for p in plan.expected.phases}
    assert phases["release"] == 0  # the champion is the initial strategy: no gate
    assert phases["dev"] == 100  # the initial strategy, once


def test_a_pilot_estimates_the_optimizer_instead_of_its_limits() -> None:
    config = load_config(K3)
    plan = forecast(config, _pilot())
    assert plan.expected is not None and not plan.keep_rate_measured
    per_attempt = plan.expected.total.optimizer.times(1 / plan.expected.total.attempts)
    batch = config.proposers.reflective.batch_chars
    # Selection, diagnosis and reflection at half their step caps (12, 40, 16 steps: 6, 20
    # and 8 turns), each turn resending the conversation: the opening prompt, and per
    # step half a read_file page (1,000 tokens) and a reply at the turn limit (4,096).
    assert per_attempt.calls == pytest.approx(6 + 20 + 8)
    grown = sum(n * (n - 1) / 2 for n in (6, 20, 8)) * (1_000 + 4_096)
    assert per_attempt.input_tokens == pytest.approx(34 * batch / 4 + grown)
    worst = plan.worst.total.optimizer.times(1 / plan.worst.total.attempts)
    assert per_attempt.input_tokens < worst.input_tokens / 2


def test_rsi_plan_prints_the_paper_scale_bill() -> None:
    result = run_rsi("plan", str(K3))
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "claude-opus-4-6 at $5 in / $25 out per million tokens (litellm)" in out
    for row in ("proposal", "dev", "release", "total"):
        assert f" {row} " in out
    assert "$16,500" in out and "2.19B" in out and "no measurement" in out
    total = next(line for line in out.splitlines() if line.strip().startswith("total"))
    page = (ROOT / "docs/how-to/budgets-and-money.md").read_text()
    row = next(line for line in page.splitlines() if line.startswith("| **total** |"))
    for figure in total.split()[1:]:  # the docs show what the plan prints
        figure = figure.replace("330.49M", "330.5M")
        assert figure in row, (figure, row)
    data = json.loads(run_rsi("plan", str(K3), "--json").stdout)
    assert data["worst"]["total"]["total_usd"] == pytest.approx(
        data["worst"]["total"]["usd"]["generator"] + data["worst"]["total"]["usd"]["optimizer"]
    )
    assert data["expected"] is None


def test_a_budget_the_worst_case_exceeds_is_warned_with_what_it_allows(tmp_path: Path) -> None:
    config = write_k3_config(tmp_path, extra="\n[budget]\nmax_usd = 500\n")
    out = run_rsi("plan", str(config)).stdout
    warning = next(line for line in out.splitlines() if "max_usd" in line)
    assert "exceeds [budget] max_usd $500.00" in warning
    assert "allows 83 task evaluations" in warning  # $500 at $5.99 a task, optimizer included


def test_an_unpriced_model_shows_tokens_and_says_so(tmp_path: Path) -> None:
    config = write_k3_config(
        tmp_path, replace={"anthropic/claude-opus-4-6": "openai/in-house-model"}
    )
    result = run_rsi("plan", str(config))
    assert result.returncode == 0, result.stderr
    assert "price unknown" in result.stdout and "unpriced" in result.stdout
    assert "2.19B" in result.stdout  # tokens are still counted


@pytest.mark.parametrize(
    ("edit", "needles"),
    [
        (  # a money cap needs a price: never a guess
            {
                "anthropic/claude-opus-4-6": "openai/in-house-model",
                "[release]": "[budget]\nmax_usd = 100\n\n[release]",
            },
            ("budget.max_usd", "openai/in-house-model", "no known price"),
        ),
        (
            {
                "max_output_tokens = 8192": "max_output_tokens = 8192\n"
                "price_per_mtok_in = -1\nprice_per_mtok_out = 2"
            },
            ("llm.price_per_mtok_in", "greater than or equal to 0"),
        ),
        ({'model = "anthropic/claude-opus-4-6"': 'model = "claude-opus"'}, ("llm.model",)),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    tmp_path: Path, edit: dict[str, str], needles: tuple[str, ...]
) -> None:
    assert_one_line_user_error(
        run_rsi("plan", str(write_k3_config(tmp_path, replace=edit))), *needles
    )


def test_a_run_of_another_config_is_refused(tmp_path: Path) -> None:
    quickstart_run = tmp_path / "run"
    quickstart_run.mkdir()
    quickstart = load_config(ROOT / "experiments/quickstart.toml")
    (quickstart_run / "config.json").write_text(quickstart.model_dump_json())
    result = run_rsi("plan", str(K3), "--from", str(quickstart_run))
    assert_one_line_user_error(result, "a run of another config", "runner.kind")
    assert_one_line_user_error(
        run_rsi("plan", str(K3), "--from", str(tmp_path)), "not a run directory"
    )


def test_attempts_a_run_already_made_are_not_expected_again() -> None:
    measured = _pilot().model_copy(
        update={"rounds": 10, "keep_rate": 0.2, "attempts": 10, "attempts_per_round": 1.0}
    )
    plan = forecast(load_config(K3), measured, {"proposal": 500, "attempts": 10})
    assert plan.expected is not None
    # 20 rounds at 1 attempt each is the whole search's 20; 10 of them are journaled.
    assert plan.expected.total.attempts == pytest.approx(10)


def test_stopping_when_decided_shrinks_the_expected_bill_never_the_worst() -> None:
    config = load_config(K3)
    assert not config.search.stop_when_decided  # the paper's protocol evaluates every task
    off, on = forecast(config, _pilot()), forecast(flipped(config), _pilot())
    assert off.expected is not None and on.expected is not None
    assert (off.race_shares, on.race_shares) == ((1.0, 1.0), ASSUMED_RACE_SHARES)
    screen, dev = ASSUMED_RACE_SHARES
    phases = {p.phase: p.evaluations for p in on.expected.phases}
    # The parent's whole minibatch, the child's share; the initial strategy's whole dev
    # split, each of the 5 expected kept children's share (20 rounds at 25%).
    assert phases["proposal"] == pytest.approx(25 * 20 * (1 + screen))
    assert phases["dev"] == pytest.approx(100 * (1 + 5 * dev))
    assert phases["release"] == {p.phase: p.evaluations for p in off.expected.phases}["release"]
    assert on.worst.total == off.worst.total  # a decision may come at the last task
    bills = switch_bills(off, on)
    assert bills["configured"]["stop_when_decided"] is False
    saving = bills["saving"]
    assert saving["evaluations"] == pytest.approx(25 * 20 * (1 - screen) + 500 * (1 - dev))
    usd = (off.expected.total.total_usd or 0) - (on.expected.total.total_usd or 0)
    assert saving["usd"] == pytest.approx(usd) and usd > 0
    measured = _pilot().model_copy(update={"screen_share": 0.5, "dev_share": 0.9})
    raced = forecast(flipped(config), measured)
    assert raced.race_shares == (0.5, 0.9) and raced.race_shares_measured


def test_rsi_plan_prints_both_bills_of_the_switch() -> None:
    out = run_rsi("plan", str(K3)).stdout
    assert "stop_when_decided = false (as configured)" in out
    assert "stop_when_decided = true (flipped)" in out
    assert "worst case $19,766 either way" in out
    data = json.loads(run_rsi("plan", str(K3), "--json").stdout)["stop_when_decided"]
    assert data["configured"]["stop_when_decided"] is False
    assert data["flipped"]["stop_when_decided"] is True and data["saving"] is None


def test_agent_pairs_are_priced_from_their_own_caps(tmp_path: Path) -> None:
    """Structured pairs wait on their calls (48 x 10 s / 2 = 240 s); agent pairs run sandbox
    commands between calls, so only the 900 s wall bounds them."""
    fast = {"call_timeout_s = 120": "call_timeout_s = 10"}
    agent = forecast(load_config(write_k3_config(tmp_path, replace=fast)))
    structured = forecast(
        load_config(
            write_k3_config(tmp_path, replace={**fast, 'pairs = "agent"': 'pairs = "structured"'})
        )
    )
    release = {c: next(p for p in f.worst.phases if p.phase == "release")
               for c, f in (("agent", agent), ("structured", structured))}  # fmt: skip
    assert release["agent"].hours == pytest.approx(50 * (900 + 360) / 3600)
    assert release["structured"].hours == pytest.approx(50 * (240 + 360) / 3600)
    assert agent.worst.total.generator == structured.worst.total.generator  # same task caps
