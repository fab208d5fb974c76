"""Acceptance rules and the release gate as config choices, and one null-world search per
gate: the McNemar gate refuses the child the dev argmax froze, gate "none" releases it.
The rates (the McNemar gate within alpha over 200 searches per rule, the dev argmax far
above) are measured by experiments/benchmarks/false_promotion.py, not here."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import get_args

import pytest

from evaluators.tasks import TaskSet
from evaluators.testing import CoinRunner
from experiments.benchmarks.null_world import null_services
from rsi.config import ExperimentConfig, ReleaseSection, SearchSection, load_config
from rsi.engine import Engine, load_initial
from rsi.journal import EVENTS_FILE, Screened, SearchState
from rsi.release import GateReport, gate_table, render_markdown, run_gate, run_without_gate
from rsi.screening import ACCEPTANCE_RULES, ScreenVerdict, acceptance_rule
from search_space import strategy_id
from tests.support.cli_helpers import GATE_REPORT_KEYS, ROOT, assert_one_line_user_error, run_rsi

QUICKSTART = ROOT / "experiments/quickstart.toml"
RULES = ("strict-no-regression", "strict-sum", "strict-mean")

# --- the rules' edge cases ---------------------------------------------------------------------

EQUAL = ({"a": True, "b": False}, {"a": True, "b": False})
SWAPPED = ({"a": True, "b": False}, {"a": False, "b": True})  # equal sums, one regression
GAIN_WITH_REGRESSION = (  # sum 1 -> 2 (a mean gain), but task a is lost
    {"a": True, "b": False, "c": False},
    {"a": False, "b": True, "c": True},
)
CLEAN_GAIN = ({"a": True, "b": False, "c": False}, {"a": True, "b": True, "c": False})
LOSS = ({"a": True, "b": True}, {"a": True, "b": False})


@pytest.mark.parametrize(
    ("case", "passes"),
    [
        (EQUAL, {"strict-no-regression": False, "strict-sum": False, "strict-mean": False}),
        (SWAPPED, {"strict-no-regression": False, "strict-sum": False, "strict-mean": False}),
        (GAIN_WITH_REGRESSION,
         {"strict-no-regression": False, "strict-sum": True, "strict-mean": True}),
        (CLEAN_GAIN, {"strict-no-regression": True, "strict-sum": True, "strict-mean": True}),
        (LOSS, {"strict-no-regression": False, "strict-sum": False, "strict-mean": False}),
    ],
    ids=["equal", "swapped", "gain-with-regression", "clean-gain", "loss"],
)  # fmt: skip
def test_each_rule_on_the_edge_cases(
    case: tuple[dict[str, bool], dict[str, bool]], passes: dict[str, bool]
) -> None:
    parent, child = case
    for name in RULES:
        verdict = acceptance_rule(name).screen(parent, child)
        assert verdict.passed is passes[name], (name, verdict)
        assert verdict.rule == name
        assert verdict.parent_successes == sum(parent.values())
        assert verdict.child_successes == sum(child.values())
        regressions = sum(parent[t] and not child[t] for t in parent)
        assert verdict.regressions == regressions


def test_the_anchor_rules_say_why_and_that_regressions_went_unchecked() -> None:
    parent, child = GAIN_WITH_REGRESSION
    by_sum = acceptance_rule("strict-sum").screen(parent, child)
    assert by_sum == ScreenVerdict(
        1, 2, 1, True, "strict-sum: child sum 2 above parent sum 1 (1 regression not checked)",
        "strict-sum",
    )  # fmt: skip
    by_mean = acceptance_rule("strict-mean").screen(parent, child)
    assert by_mean.reason == (
        "strict-mean: child mean 0.667 above parent mean 0.333 over 3 matched pairs "
        "(1 regression not checked)"
    )
    tied = acceptance_rule("strict-sum").screen(*SWAPPED)
    assert tied.reason.startswith("strict-sum: child sum 1 not above parent sum 1")


def test_strict_mean_compares_matched_pairs_only() -> None:
    rule = acceptance_rule("strict-mean")
    parent = {"a": True, "b": False, "c": True}  # c was not evaluated for the child
    verdict = rule.screen(parent, {"a": True, "b": True})
    assert verdict.passed and (verdict.parent_successes, verdict.child_successes) == (1, 2)
    assert "over 2 matched pairs" in verdict.reason
    with pytest.raises(ValueError, match="share no evaluated task"):
        rule.screen({"a": True}, {"b": True})
    for strict in ("strict-no-regression", "strict-sum"):
        with pytest.raises(ValueError, match="different tasks"):
            acceptance_rule(strict).screen(parent, {"a": True, "b": True})


def test_the_registry_matches_the_config_choices() -> None:
    choices = get_args(SearchSection.model_fields["acceptance"].annotation)
    assert tuple(ACCEPTANCE_RULES) == choices == RULES
    assert all(rule.name == name for name, rule in ACCEPTANCE_RULES.items())
    assert SearchSection.model_fields["acceptance"].default == "strict-no-regression"
    with pytest.raises(ValueError, match="unknown acceptance rule 'greedy'"):
        acceptance_rule("greedy")


def test_a_screen_event_names_its_rule_unless_it_is_the_default() -> None:
    fields = {
        "round": 1, "parent_id": "p", "child_id": "c", "parent_successes": 1,
        "child_successes": 2, "regressions": 1, "passed": True, "reason": "r",
    }  # fmt: skip
    default = Screened(**fields)
    assert default.rule == "strict-no-regression"
    assert "rule" not in default.model_dump(mode="json")  # older journals keep their bytes
    anchor = Screened(**fields, rule="strict-sum")
    assert anchor.model_dump(mode="json")["rule"] == "strict-sum"
    assert Screened.model_validate_json(anchor.model_dump_json()) == anchor


# --- config ------------------------------------------------------------------------------------


def _config_text(search_extra: str = "", release_extra: str = "") -> str:
    body = QUICKSTART.read_text()
    body = body.replace('"tasks"', f'"{ROOT}/experiments/tasks"')
    body = body.replace(
        '"strategies/initial.json"', f'"{ROOT}/experiments/strategies/initial.json"'
    )
    body = body.replace("workers = 2\n", f"workers = 2\n{search_extra}")
    return body.replace("resamples = 10000\n", f"resamples = 10000\n{release_extra}")


def test_defaults_leave_the_fingerprint_alone(tmp_path: Path) -> None:
    implicit, explicit, ablation = tmp_path / "a.toml", tmp_path / "b.toml", tmp_path / "c.toml"
    implicit.write_text(_config_text())
    explicit.write_text(_config_text('acceptance = "strict-no-regression"\n', 'gate = "mcnemar"\n'))
    ablation.write_text(_config_text('acceptance = "strict-sum"\n', 'gate = "none"\n'))
    base = load_config(implicit)
    assert base.search.acceptance == "strict-no-regression" and base.release.gate == "mcnemar"
    assert load_config(explicit).fingerprint() == base.fingerprint()
    changed = load_config(ablation)
    assert (changed.search.acceptance, changed.release.gate) == ("strict-sum", "none")
    assert changed.fingerprint() != base.fingerprint()
    assert ReleaseSection.model_fields["gate"].default == "mcnemar"


@pytest.mark.parametrize(
    ("search_extra", "release_extra", "key"),
    [
        ('acceptance = "greedy"\n', "", "search.acceptance"),
        ("", 'gate = "bonferroni"\n', "release.gate"),
    ],
)
def test_an_unknown_rule_is_a_one_line_user_error(
    tmp_path: Path, search_extra: str, release_extra: str, key: str
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(_config_text(search_extra, release_extra))
    result = run_rsi("search", str(path), "--run-dir", str(tmp_path / "run"))
    assert_one_line_user_error(result, str(path), key)
    assert not (tmp_path / "run").exists()  # refused before anything was written


# --- gate "none" -------------------------------------------------------------------------------


def test_no_gate_promotes_the_dev_argmax_whatever_the_release_shows() -> None:
    baseline = [True] * 6 + [False] * 6
    worse = [True] * 2 + [False] * 10  # 0 wins, 4 losses: the McNemar gate never promotes
    gated = run_gate(baseline, worse)
    assert not gated.promote and gated.gate == "mcnemar"
    report = run_without_gate(baseline, worse, same_strategy=False)
    assert report.promote and report.gate == "none"
    assert report.reason.startswith('no statistical gate ran ([release] gate = "none")')
    assert "0 wins vs 4 losses" in report.reason and "not tested" in report.reason
    assert (report.wins, report.losses, report.p_value) == (gated.wins, gated.losses, gated.p_value)
    itself = run_without_gate(baseline, baseline, same_strategy=True)
    assert not itself.promote and "the baseline itself, nothing to promote" in itself.reason


def test_the_no_gate_report_says_so_in_json_markdown_and_table() -> None:
    report = run_without_gate([True, False, False], [True, True, False], same_strategy=False)
    data = report.to_json_dict()
    assert set(data) == GATE_REPORT_KEYS | {"gate"} and data["gate"] == "none"
    assert GateReport.model_validate(data) == report
    assert "gate" not in run_gate([True, False], [True, True]).to_json_dict()
    text = render_markdown(report)
    assert text.startswith("### Release without a gate: promote (no statistical gate)")
    assert "**No statistical gate ran**" in text and "decided nothing" in text

    rows = dict(zip(*(list(c.cells) for c in gate_table(report).columns), strict=True))
    assert str(rows["gate"]) == "NONE: no test ran"


# --- the null world through the engine ---------------------------------------------------------

NULL_SEED = 2  # the dev argmax freezes a child: there is something to release


@pytest.fixture(scope="module")
def null_home() -> Iterator[tuple[ExperimentConfig, TaskSet, Path]]:
    config = load_config(QUICKSTART)
    with tempfile.TemporaryDirectory(prefix="rsi-null-") as home:
        yield config, TaskSet.load(config.experiment.tasks), Path(home)


def _null_search(
    home: tuple[ExperimentConfig, TaskSet, Path], seed: int, rule: str, gate: str
) -> SearchState:
    config, tasks, root = home
    data = config.model_dump()
    runs = root / rule / gate / str(seed)
    data["experiment"].update(seed=seed, runs_dir=runs)
    data["search"].update(acceptance=rule, workers=1)
    data["release"]["gate"] = gate
    data["mlflow"]["enabled"] = False
    variant = ExperimentConfig.model_validate(data)
    run_dir = runs / "run"
    services = null_services(variant, tasks, seed, run_dir)
    return Engine(variant, run_dir, services=services, override_consumed_release=True).run()


def test_the_coin_runner_ignores_the_strategy() -> None:
    config = load_config(QUICKSTART)
    initial = load_initial(config.experiment)
    other = initial.model_copy(update={"guidance": initial.guidance + " Be thorough."})
    tasks = tuple(f"t{i}" for i in range(400))
    runner = CoinRunner(7, tasks)
    rates = [sum(runner.solves(s, t) for t in tasks) / len(tasks) for s in (initial, other)]
    assert strategy_id(initial) != strategy_id(other)
    assert all(abs(rate - 0.4) < 0.07 for rate in rates)  # Beta(2, 3) odds, mean 0.4
    again = CoinRunner(7, tasks)  # one runner: building one computes 400 quantiles
    assert [runner.solves(initial, t) for t in tasks] == [
        again.solves(initial, t) for t in tasks
    ]  # the same key gives the same coin


def test_on_the_null_world_the_gate_refuses_the_child_the_dev_argmax_froze(
    null_home: tuple[ExperimentConfig, TaskSet, Path],
) -> None:
    """No child is truly better here, so promoting one is a false promotion."""
    config, _, _ = null_home
    state = _null_search(null_home, NULL_SEED, "strict-no-regression", "mcnemar")
    assert state.champion is not None and state.split is not None
    assert state.champion.strategy_id != strategy_id(
        load_initial(config.experiment)
    )  # the argmax moved
    assert state.gate is not None and state.gate.report["promote"] is False
    assert state.gate.report.get("gate", "mcnemar") == "mcnemar"


def test_anchor_rules_through_the_engine_journal_their_rule_and_no_gate(
    null_home: tuple[ExperimentConfig, TaskSet, Path],
) -> None:
    config, _, root = null_home
    initial_id = strategy_id(load_initial(config.experiment))
    state = _null_search(null_home, NULL_SEED, "strict-sum", "none")
    assert state.champion is not None and state.champion.strategy_id != initial_id
    assert state.gate is not None
    report = state.gate.report
    assert report["gate"] == "none" and "no statistical gate ran" in report["reason"]
    assert report["promote"] is True  # the dev argmax went out unchecked
    lines = (root / "strict-sum" / "none" / str(NULL_SEED) / "run" / EVENTS_FILE).read_text()
    screens = [json.loads(line)["data"] for line in lines.splitlines()]
    screens = [d for d in screens if d["type"] == "screened"]
    assert screens and all(d["rule"] == "strict-sum" for d in screens)
    assert all(d["passed"] is (d["child_successes"] > d["parent_successes"]) for d in screens)


def test_no_gate_describes_with_the_gates_own_settings_and_counts_one_loss() -> None:
    """The report of gate "none" is `run_gate`'s under the same alpha, seed and resamples,
    and its reason counts a single loss in the singular, as the gate's own reason does."""
    baseline = [True, True, False, False, True, False]
    challenger = [False, True, True, True, True, False]  # 2 wins, 1 loss
    settings = {"alpha": 0.1, "seed": 7, "resamples": 500}
    gated = run_gate(baseline, challenger, **settings)
    report = run_without_gate(baseline, challenger, same_strategy=False, **settings)
    assert report.model_dump(exclude={"promote", "reason", "gate"}) == gated.model_dump(
        exclude={"promote", "reason", "gate"}
    )
    assert (report.alpha, report.seed, report.resamples) == (0.1, 7, 500)
    assert "(2 wins vs 1 loss, p = " in report.reason
    assert "2 wins vs 1 loss" in gated.reason
