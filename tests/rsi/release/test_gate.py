"""The release gate (docs/design.md section 9): exact p, decision rule, paired bootstrap, files."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

import numpy as np
import pytest
from pydantic import ValidationError
from scipy.stats import binom

from rsi.release import (
    GateReport,
    decide,
    exact_mcnemar_p,
    load_paired_outcomes,
    paired_bootstrap_diffs,
    render_markdown,
    run_gate,
)
from search_space.errors import UserInputError
from tests.support.cli_helpers import GATE_REPORT_KEYS


def arms(both: int, neither: int, wins: int, losses: int) -> tuple[list[bool], list[bool]]:
    """Paired outcomes in a fixed order: both succeed, both fail, wins, losses."""
    baseline = [True] * both + [False] * neither + [False] * wins + [True] * losses
    challenger = [True] * both + [False] * neither + [True] * wins + [False] * losses
    return baseline, challenger


def literal_bootstrap(b: np.ndarray, c: np.ndarray, seed: int, resamples: int) -> np.ndarray:
    """docs/design.md's formula verbatim: one (R, n) index draw, mean of each arm per resample."""
    n = len(b)
    idx = np.random.default_rng(seed).integers(0, n, (resamples, n))
    return c.astype(float)[idx].mean(axis=1) - b.astype(float)[idx].mean(axis=1)


# --- exact p and the decision ---------------------------------------------------------------


def test_twelve_wins_two_losses_is_106_over_16384() -> None:
    # P(X >= 12 | X ~ Binom(14, 1/2)) = (C(14,12) + C(14,13) + C(14,14)) / 2^14 = 106 / 16384.
    assert exact_mcnemar_p(12, 2) == pytest.approx(106 / 16384, rel=1e-12)


def test_paper_table_13() -> None:
    report = run_gate(*arms(both=46, neither=40, wins=12, losses=2))
    assert (report.n, report.baseline_successes, report.challenger_successes) == (100, 48, 58)
    assert (report.wins, report.losses) == (12, 2)
    assert report.baseline_rate == 0.48 and report.challenger_rate == 0.58
    assert report.diff_pp == 10.0
    assert round(report.p_value, 6) == 0.006470
    assert report.promote is True
    # The paper's intervals; they depend on task order, this order reproduces them exactly.
    assert report.ci95_pp == (3.0, 17.0)
    assert report.ci99_pp == (1.0, 20.0)


def test_paper_intervals_are_stable_across_task_orders() -> None:
    b, c = (np.array(arm) for arm in arms(both=46, neither=40, wins=12, losses=2))
    for seed in range(5):
        order = np.random.default_rng(seed).permutation(100)
        report = run_gate(b[order], c[order])
        assert abs(report.ci95_pp[0] - 3) <= 1 and abs(report.ci95_pp[1] - 17) <= 1
        assert abs(report.ci99_pp[0] - 1) <= 1 and abs(report.ci99_pp[1] - 20) <= 1


def test_single_task_win_is_not_significant() -> None:
    report = run_gate([False], [True])
    assert (report.wins, report.losses, report.p_value) == (1, 0, 0.5)
    assert report.promote is False
    assert report.ci95_pp == (100.0, 100.0)
    assert "p = 0.500000 > alpha" in report.reason


@pytest.mark.parametrize("outcome", [True, False])
def test_single_tied_task_has_no_discordant_pair(outcome: bool) -> None:
    report = run_gate([outcome], [outcome])
    assert report.p_value == 1.0 and report.promote is False
    assert "no discordant pairs" in report.reason


def test_all_ties_never_promote_even_at_large_alpha() -> None:
    report = run_gate(*arms(both=30, neither=20, wins=0, losses=0), alpha=0.99)
    assert (report.wins, report.losses, report.p_value) == (0, 0, 1.0)
    assert report.promote is False
    assert "no discordant pairs" in report.reason
    assert report.ci95_pp == (0.0, 0.0) and report.ci99_pp == (0.0, 0.0)


def test_all_wins_promote() -> None:
    report = run_gate([False] * 10, [True] * 10)
    assert report.p_value == pytest.approx(1 / 1024, rel=1e-12)
    assert report.diff_pp == 100.0 and report.promote is True


def test_all_losses_do_not_promote() -> None:
    report = run_gate([True] * 10, [False] * 10)
    assert report.p_value == pytest.approx(1.0)
    assert report.diff_pp == -100.0 and report.promote is False
    assert "does not beat" in report.reason


def test_no_gain_blocks_promotion_even_when_p_is_below_alpha() -> None:
    # 3 wins, 3 losses: p = P(X >= 3 | Binom(6, 1/2)) = 42/64 <= 0.9, but the gain is zero.
    promote, p, reason = decide(3, 3, alpha=0.9)
    assert p == pytest.approx(42 / 64) and p <= 0.9
    assert promote is False and "does not beat" in reason


def test_positive_gain_above_alpha_is_retained() -> None:
    promote, p, reason = decide(7, 3, alpha=0.05)
    assert p == pytest.approx(176 / 1024) and promote is False
    assert "> alpha" in reason


@pytest.mark.parametrize(
    ("kwargs", "needle"),
    [({"alpha": 0.0}, "--alpha"), ({"alpha": 1.0}, "--alpha"), ({"resamples": 99}, "--resamples")],
)
def test_invalid_settings_are_user_errors(kwargs: dict[str, float], needle: str) -> None:
    with pytest.raises(UserInputError, match=needle):
        run_gate([True], [False], **kwargs)


def test_unpaired_empty_or_non_binary_inputs_are_rejected() -> None:
    with pytest.raises(UserInputError, match="unpaired"):
        run_gate([True, False], [True])
    with pytest.raises(UserInputError, match="no outcomes"):
        run_gate([], [])
    with pytest.raises(UserInputError, match="0/1"):
        run_gate([0, 2], [1, 1])


def test_zero_one_integers_are_outcomes_and_anything_else_names_its_arm() -> None:
    as_bools = run_gate([False, True, True, False], [True, True, False, True])
    assert run_gate([0, 1, 1, 0], [1, 1, 0, 1]) == as_bools
    unsigned = np.array([0, 1, 1, 0], dtype=np.uint8), np.array([1, 1, 0, 1], dtype=np.uint8)
    assert run_gate(*unsigned) == as_bools
    for baseline, challenger, arm in [
        ([0, 2], [1, 1], "baseline"),
        ([1, 1], [0, 2], "challenger"),
        ([0.0, 1.0], [1, 1], "baseline"),  # floats are not outcomes, even 0.0 and 1.0
        ([1, 1], [1.0, 0.0], "challenger"),
    ]:
        with pytest.raises(UserInputError) as caught:
            run_gate(baseline, challenger)
        assert str(caught.value) == f"{arm} outcomes must be booleans or 0/1"
    for nested, arm in [(([[True]], [True]), "baseline"), (([True], [[True]]), "challenger")]:
        with pytest.raises(UserInputError) as flat:
            run_gate(*nested)
        assert str(flat.value) == f"{arm} outcomes must be a flat sequence"
    with pytest.raises(UserInputError) as empty:
        run_gate([], [])
    assert str(empty.value) == "no outcomes to gate"


def test_settings_errors_name_the_option() -> None:
    with pytest.raises(UserInputError) as alpha:
        run_gate([True], [False], alpha=1.5)
    assert str(alpha.value) == "--alpha: must be in (0, 1), got 1.5"
    with pytest.raises(UserInputError) as resamples:
        run_gate([True], [False], resamples=99)
    assert str(resamples.value) == "--resamples: must be at least 100, got 99"


def test_negative_counts_are_refused() -> None:
    for wins, losses in [(-1, 3), (3, -1), (-1, -1)]:
        with pytest.raises(ValueError) as caught:
            exact_mcnemar_p(wins, losses)
        assert str(caught.value) == "wins and losses must be non-negative"


def test_p_equal_to_alpha_promotes() -> None:
    p = exact_mcnemar_p(12, 2)
    assert decide(12, 2, alpha=p) == (
        True,
        p,
        "the gain is positive (12 wins vs 2 losses) and p = 0.006470 <= alpha = 0.00646973",
    )
    assert decide(12, 2, alpha=p * 0.999)[0] is False


def test_reasons_name_the_counts() -> None:
    no_gain = "the challenger does not beat the baseline (3 wins vs 3 losses)"
    assert decide(3, 3, alpha=0.9)[2] == no_gain
    no_pairs = "no discordant pairs: the strategies agree on every task, so no evidence"
    assert decide(0, 0, alpha=0.9)[2] == no_pairs


def test_report_carries_its_bootstrap_settings_and_rounds_to_nine_places() -> None:
    baseline, challenger = [False] * 3 + [True] * 3, [True] * 3 + [True, False, True]
    report = run_gate(baseline, challenger, seed=7, resamples=2000)
    assert (report.seed, report.resamples) == (7, 2000)
    assert "2,000 task resamples (seed 7)" in render_markdown(report)
    default = run_gate(baseline, challenger)
    assert default.diff_pp == 33.333333333  # 2/6 as percentage points, to 9 places
    diffs = literal_bootstrap(np.array(baseline), np.array(challenger), 42, 10_000) * 100
    low, high = np.percentile(diffs, [2.5, 97.5])
    assert (
        default.ci95_pp
        == (round(float(low), 9), round(float(high), 9))
        == (
            -33.333333333,
            83.333333333,
        )
    )


# --- the paired bootstrap -------------------------------------------------------------------


@pytest.mark.parametrize(("n", "resamples"), [(1, 100), (7, 1001), (1000, 10_000), (50_000, 200)])
def test_bootstrap_equals_the_design_formula(n: int, resamples: int) -> None:
    rng = np.random.default_rng(n)
    b, c = rng.random(n) < 0.5, rng.random(n) < 0.6
    fast = paired_bootstrap_diffs(b, c, seed=42, resamples=resamples)
    assert np.allclose(fast, literal_bootstrap(b, c, 42, resamples), rtol=0, atol=1e-12)


def test_reported_intervals_are_the_percentiles_of_the_resamples() -> None:
    rng = np.random.default_rng(3)
    b, c = rng.random(300) < 0.4, rng.random(300) < 0.5
    report = run_gate(b, c, seed=7, resamples=2000)
    diffs = literal_bootstrap(b, c, 7, 2000) * 100
    assert report.ci95_pp == pytest.approx(tuple(np.percentile(diffs, [2.5, 97.5])), abs=1e-9)
    assert report.ci99_pp == pytest.approx(tuple(np.percentile(diffs, [0.5, 99.5])), abs=1e-9)
    assert report.ci99_pp[0] <= report.ci95_pp[0] <= report.ci95_pp[1] <= report.ci99_pp[1]


def correlated_release_set(seed: int, n: int = 200) -> tuple[np.ndarray, np.ndarray]:
    """Task difficulty drives both arms: outcomes are strongly positively correlated."""
    rng = np.random.default_rng(seed)
    difficulty = rng.beta(0.3, 0.3, n)
    baseline = rng.random(n) < difficulty
    challenger = rng.random(n) < np.minimum(1.0, difficulty + 0.08)
    return baseline, challenger


def width(interval: tuple[float, float]) -> float:
    return interval[1] - interval[0]


def test_pairing_narrows_the_interval_for_correlated_outcomes() -> None:
    b, c = correlated_release_set(11)
    assert np.corrcoef(b, c)[0, 1] > 0.5
    paired = run_gate(b, c)
    # Same marginals, pairing broken by shuffling the challenger across tasks.
    shuffled = run_gate(b, np.random.default_rng(5).permutation(c))
    assert shuffled.diff_pp == paired.diff_pp
    assert width(paired.ci95_pp) < 0.7 * width(shuffled.ci95_pp)
    # Resampling the two arms independently (the unpaired bootstrap) is wider too.
    rng = np.random.default_rng(42)
    n = len(b)
    unpaired = (
        c[rng.integers(0, n, (10_000, n))].mean(axis=1)
        - b[rng.integers(0, n, (10_000, n))].mean(axis=1)
    ) * 100
    low, high = np.percentile(unpaired, [2.5, 97.5])
    assert width(paired.ci95_pp) < 0.7 * (high - low)


@pytest.mark.parametrize("seed", range(10))
def test_interval_contains_the_observed_difference(seed: int) -> None:
    report = run_gate(*correlated_release_set(seed, n=60 + 10 * seed))
    assert report.ci95_pp[0] <= report.diff_pp <= report.ci95_pp[1]
    assert report.ci99_pp[0] <= report.diff_pp <= report.ci99_pp[1]


# --- calibration ------------------------------------------------------------------------------


def simulate_promotion_rate(effect: float, sets: int = 2000, n: int = 100) -> float:
    """Share of simulated release sets promoted; each task has its own success probability."""
    rng = np.random.default_rng(42)
    promoted = 0
    for _ in range(sets):
        p = rng.uniform(0.0, 1.0, n)
        baseline = rng.random(n) < p
        challenger = rng.random(n) < np.minimum(1.0, p + effect)
        # Promotion does not depend on the bootstrap, so few resamples keep this fast.
        promoted += run_gate(baseline, challenger, resamples=100).promote
    return promoted / sets


Decide = Callable[[int, int], bool]


def exact_null_promotion_probability(promotes: Decide, n: int, q: float) -> float:
    """P(promote) when challenger and baseline are equally good, computed exactly.

    Each of n tasks is discordant with probability q, and a discordant task is a win or a
    loss with probability 1/2 each. So D ~ Binom(n, q), W | D ~ Binom(D, 1/2), and
    P(promote) = sum over d, w of P(D = d) P(W = w | d) [promotes(w, d - w)].
    """
    total = 0.0
    for d in range(n + 1):
        wins = np.arange(d + 1)
        promoted = np.array([promotes(int(w), d - int(w)) for w in wins], dtype=bool)
        total += binom.pmf(d, n, q) * binom.pmf(wins[promoted], d, 0.5).sum()
    return float(total)


def gate_decision(alpha: float) -> Decide:
    """The gate's own decision function at `alpha`, memoised over (wins, losses)."""
    return lru_cache(maxsize=None)(lambda wins, losses: decide(wins, losses, alpha)[0])


NULL_GRID = [(n, q) for n in (10, 25, 60, 120) for q in (0.1, 0.3, 0.6, 1.0)]
ALPHA = 0.05


def test_exact_null_promotion_probability_is_at_most_alpha() -> None:
    gate = gate_decision(ALPHA)
    for n, q in NULL_GRID:
        assert exact_null_promotion_probability(gate, n, q) <= ALPHA, (n, q)
    # The gate agrees with run_gate on the (wins, losses) it is asked about.
    for wins, losses in [(9, 1), (8, 2), (12, 2), (5, 0), (4, 0)]:
        report = run_gate(*arms(both=3, neither=2, wins=wins, losses=losses))
        assert report.promote is gate(wins, losses)


def test_a_gate_at_one_and_a_half_alpha_fails_the_exact_null_check() -> None:
    """The calibration check is sharp: a gate that promotes at p <= 1.5 alpha breaks it."""
    loose = gate_decision(1.5 * ALPHA)
    worst = max(exact_null_promotion_probability(loose, n, q) for n, q in NULL_GRID)
    assert worst > ALPHA


def test_exact_null_probability_matches_the_binomial_sum_for_a_known_rule() -> None:
    # Promote iff w >= 2 with l == 0, for n = 2 tasks each discordant with q = 1/2:
    # both tasks discordant (1/4) and both wins (1/4) gives 1/16.
    def two_clean_wins(wins: int, losses: int) -> bool:
        return wins >= 2 and losses == 0

    assert exact_null_promotion_probability(two_clean_wins, 2, 0.5) == pytest.approx(1 / 16)


def test_the_same_simulation_promotes_a_real_gain() -> None:
    # Guards the calibration test against a gate that never promotes.
    assert simulate_promotion_rate(effect=0.2, sets=300) > 0.8


# --- the report -------------------------------------------------------------------------------


def test_json_has_exactly_the_contract_keys_and_round_trips() -> None:
    report = run_gate(*arms(both=46, neither=40, wins=12, losses=2))
    data = report.to_json_dict()
    assert set(data) == GATE_REPORT_KEYS
    assert data["ci95_pp"] == [3.0, 17.0]
    assert json.loads(json.dumps(data)) == data
    assert GateReport.model_validate(data).to_json_dict() == data


def test_report_is_frozen_and_self_consistent() -> None:
    report = run_gate(*arms(both=5, neither=5, wins=3, losses=1))
    with pytest.raises(ValidationError):
        report.wins = 9  # type: ignore[misc]
    bad = report.to_json_dict() | {"challenger_successes": 0}
    with pytest.raises(ValidationError, match="disagree"):
        GateReport.model_validate(bad)


def test_markdown_names_every_statistic() -> None:
    text = render_markdown(run_gate(*arms(both=46, neither=40, wins=12, losses=2)))
    assert text.startswith("### Release gate: promote")
    for needle in ("48/100 (48.0%)", "58/100 (58.0%)", "12 / 2", "+10.0", "0.006470"):
        assert needle in text
    assert "[+3.0, +17.0]" in text and "[+1.0, +20.0]" in text
    assert "10,000 task resamples (seed 42)" in text
    retained = render_markdown(run_gate(*arms(both=5, neither=5, wins=0, losses=0)))
    assert "retain baseline" in retained and "no discordant pairs" in retained


# --- outcome files ----------------------------------------------------------------------------


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_csv_accepts_any_column_order_extra_columns_and_tokens(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "o.csv",
        "\ufeffChallenger, note ,Task_ID,baseline\nPASS,x,a,fail\n0,,b,1\ntrue,,c,FALSE\n\n",
    )
    paired = load_paired_outcomes(path)
    assert paired.task_ids == ("a", "b", "c")
    assert paired.baseline == (False, True, False)
    assert paired.challenger == (True, False, True)


@pytest.mark.parametrize(
    "data",
    [
        [{"task_id": "a", "baseline": 0, "challenger": True}, {"task_id": 7, "baseline": "pass",
                                                                "challenger": "fail"}],
        {"outcomes": [{"task_id": "a", "baseline": False, "challenger": 1},
                      {"task_id": "7", "baseline": True, "challenger": 0, "extra": 3}]},
    ],
)  # fmt: skip
def test_json_list_and_object_shapes(tmp_path: Path, data: object) -> None:
    # No suffix: the first character picks JSON.
    paired = load_paired_outcomes(write(tmp_path, "outcomes", json.dumps(data)))
    assert paired.task_ids == ("a", "7")
    assert paired.baseline == (False, True)
    assert paired.challenger == (True, False)


@pytest.mark.parametrize(
    ("name", "text", "needle"),
    [
        ("d.csv", "task_id,baseline,challenger\na,1,0\nb,0,0\na,1,1\n", "line 4: duplicate"),
        ("v.csv", "task_id,baseline,challenger\na,1,maybe\n", 'line 2: challenger value "maybe"'),
        ("v2.csv", "task_id,baseline,challenger\na,2,1\n", 'baseline value "2"'),
        ("r.csv", "task_id,baseline,challenger\na,1,0\nb,1\n", "line 3: 2 fields, expected 3"),
        ("m.csv", "task_id,baseline\na,1\n", "missing column 'challenger'"),
        ("h.csv", "task_id,baseline,challenger,baseline\n", "repeated column"),
        ("i.csv", "task_id,baseline,challenger\n ,1,0\n", "line 2: task_id is missing"),
        ("e.csv", "  \n", "file is empty"),
        ("o.csv", "task_id,baseline,challenger\n", "no outcome rows"),
        ("l.json", '{"rows": []}', "expected a list"),
        ("k.json", '[{"task_id": "a", "baseline": 1}]', "[0]: missing key 'challenger'"),
        ("b.json", '[{"task_id": "a", "baseline": 1, "challenger": 0.5}]', "value 0.5"),
        ("t.json", '[{"task_id": true, "baseline": 1, "challenger": 0}]', "task_id must be"),
        ("s.json", '[{"task_id": "a", "baseline": 1, "challenger": 0}, 3]', "[1]: expected an"),
        ("x.json", '[{"task_id": "a",', "malformed JSON"),
        ("z.json", "[]", "no outcome rows"),
        (
            "u.json",
            '{"outcomes": [{"task_id": "a", "baseline": 1, "challenger": 0},'
            '{"task_id": "a", "baseline": 1, "challenger": 0}]}',
            "outcomes[1]: duplicate task_id 'a' (first at outcomes[0])",
        ),
    ],
)
def test_malformed_files_name_file_and_position(
    tmp_path: Path, name: str, text: str, needle: str
) -> None:
    path = write(tmp_path, name, text)
    with pytest.raises(UserInputError) as caught:
        load_paired_outcomes(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: ")
    assert needle in message
    assert "\n" not in message


def test_missing_file_is_a_user_error(tmp_path: Path) -> None:
    with pytest.raises(UserInputError, match=r"nope\.csv"):
        load_paired_outcomes(tmp_path / "nope.csv")
