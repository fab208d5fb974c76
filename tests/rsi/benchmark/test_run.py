"""`rsi benchmark` on the real local sandbox with the scripted runner: shared controls,
kill -9 and resume, the release split refused."""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path

from evaluators.llm import Price
from evaluators.runners import RunnerLimits
from rsi.benchmark import BenchLedger, cell_directory, plan_benchmark, run_cells
from rsi.benchmark.ledger import EVALUATIONS_FILE, KILL_AFTER_ENV
from rsi.config import ExperimentConfig, load_config
from rsi.execution import EvaluationServices, build_services
from search_space import Strategy, load_model, strategy_id
from tests.support.benchmark_fixtures import write_config
from tests.support.cli_helpers import ROOT, assert_one_line_user_error, run_rsi
from tests.support.warm_start import run_module


def test_configurations_share_tasks_caps_and_seeds(tmp_path: Path, champion_file: Path) -> None:
    config = load_config(write_config(tmp_path, size=8))
    out = tmp_path / "bench"
    plan, cells, _ = plan_benchmark(
        config,
        configurations="A,C,E",
        models=(),
        split="test",
        tasks_dir=None,
        strategy=champion_file,
        directory=out,
        coverage=False,
    )
    built: list[EvaluationServices] = []

    def services(cell_config: ExperimentConfig, cell_dir: Path) -> EvaluationServices:
        built.append(build_services(cell_config.services_config(), cell_dir))
        return built[-1]

    ledger = BenchLedger(out)
    ledger.open_controls(plan.controls)
    ended = run_cells(
        cells, plan.controls.tasks, ledger, services, workers=2, coverage=False,
        max_usd=None, cell_dir=lambda cell: cell_directory(out, cell),
        limits=plan.controls.limits,
    )  # fmt: skip
    assert (ended.stopped, ended.paused, ended.paid) == (None, None, 3 * len(plan.controls.tasks))
    assert len(built) == 3
    caps = RunnerLimits(test_timeout_s=config.sandbox.timeout_cap_s)
    assert {s.limits for s in built} == {caps} == {plan.controls.limits}
    assert {s.seed for s in built} == {config.experiment.seed}
    assert len({c.config.runner.testhelix.configuration for c in cells}) == 2  # single, PCV
    by_configuration: dict[str, list[str]] = {}
    for record in ledger.records():
        by_configuration.setdefault(record.configuration, []).append(record.task_id)
        assert record.seed == plan.controls.seed
    assert {k: sorted(v) for k, v in by_configuration.items()} == {
        letter: sorted(plan.controls.tasks) for letter in "ACE"
    }
    ids = {r.configuration: r.strategy_id for r in ledger.records()}
    assert ids["A"] != ids["C"] != ids["E"]  # K=1, K=3 and the champion


def _benchmark(config: Path, out: Path, *extra: str, env: dict[str, str] | None = None):
    command = ["benchmark", str(config), "--configurations", "A",
               "--out", str(out), "--json", *extra]  # fmt: skip
    environment = os.environ | {"LITELLM_LOCAL_MODEL_COST_MAP": "True"} | (env or {})
    return run_module("rsi", command, cwd=ROOT, env=environment, timeout=600)


def test_resume_after_kill_9_pays_nothing_twice(tmp_path: Path) -> None:
    config = write_config(tmp_path, size=8)
    out = tmp_path / "bench"
    killed = _benchmark(config, out, env={KILL_AFTER_ENV: "1"})
    assert killed.returncode == -9, killed.stderr
    before = (out / EVALUATIONS_FILE).read_text().splitlines()
    assert len(before) == 1
    resumed = _benchmark(config, out)
    assert resumed.returncode == 0, resumed.stderr
    summary = json.loads(resumed.stdout)
    after = [json.loads(line) for line in (out / EVALUATIONS_FILE).read_text().splitlines()]
    keys = [(r["configuration"], r["task_id"]) for r in after]
    assert len(keys) == len(set(keys)) == len(summary["tasks"]) == 2
    assert summary["paid_now"] == 1
    assert (out / EVALUATIONS_FILE).read_text().splitlines()[:1] == before
    assert (out / "benchmark.png").stat().st_size > 0
    assert "| A: single pair |" in (out / "benchmark.md").read_text()


def test_the_release_split_is_refused(tmp_path: Path) -> None:
    config = write_config(tmp_path, size=8)
    result = run_rsi("benchmark", str(config), "--configurations", "A", "--split", "release")
    assert_one_line_user_error(result, "release split is reserved for the gate")
    assert not (tmp_path / "runs").exists()


def test_the_frozen_strategy_runs_unchanged_under_each_model(
    tmp_path: Path, champion_file: Path
) -> None:
    path = write_config(tmp_path, size=8)
    text = path.read_text().replace('[runner]\nkind = "scripted"\n', "")
    text += (
        '\n[runner]\nkind = "testhelix"\n\n[llm]\nmodel = "openai/optimized-with"\n'
        'api_base = "http://127.0.0.1:9/v1"\n'
    )
    path.write_text(text)
    plan, cells, _ = plan_benchmark(
        load_config(path),
        configurations="C,E",
        models=("openai/other-a", "openai/other-b"),
        split="test",
        tasks_dir=None,
        strategy=champion_file,
        directory=tmp_path / "bench",
        coverage=True,
    )
    assert plan.models == ("openai/other-a", "openai/other-b")
    assert plan.evaluations == 2 * 2 * len(plan.controls.tasks)
    by_model = {(c.model, c.configuration.letter): c for c in cells}
    assert {c.config.llm.model for c in cells if c.config.llm} == set(plan.models)
    assert {m for (m, _letter), c in by_model.items() if c.config.llm.model == m} == set(
        plan.models
    )
    champion = {strategy_id(c.strategy) for c in cells if c.configuration.letter == "E"}
    assert champion == {strategy_id(load_model(Strategy, champion_file))}
    assert {c.config.runner.testhelix.configuration for c in cells} == {"peer-cross-validation"}


def test_a_model_needs_the_testhelix_runner(tmp_path: Path) -> None:
    result = run_rsi(
        "benchmark", str(write_config(tmp_path, size=8)), "--configurations", "A",
        "--model", "openai/x", "--plan",
    )  # fmt: skip
    assert_one_line_user_error(result, "--model needs runner.kind")


def test_a_money_cap_stops_before_a_task_it_cannot_cover(tmp_path: Path) -> None:
    config = load_config(write_config(tmp_path, size=8))
    out = tmp_path / "bench"
    plan, cells, _ = plan_benchmark(
        config, configurations="A", models=(), split="test", tasks_dir=None, strategy=None,
        directory=out, coverage=False,
    )  # fmt: skip
    price = Price(model="priced", usd_per_mtok_in=1.0, usd_per_mtok_out=1.0, source="config")
    priced = [dataclasses.replace(cell, price=price) for cell in cells]  # $0.60 a task at worst
    ledger = BenchLedger(out)

    def services(cell_config: ExperimentConfig, cell_dir: Path) -> EvaluationServices:
        return build_services(cell_config.services_config(), cell_dir)

    ended = run_cells(
        priced, plan.controls.tasks, ledger, services, workers=2, coverage=False,
        max_usd=0.5, cell_dir=lambda cell: cell_directory(out, cell), limits=plan.controls.limits,
    )  # fmt: skip
    assert ended.paid == 0 and ended.stopped is None
    assert ended.paused is not None and "max_usd $0.50 reached" in ended.paused
    assert ledger.records() == ()
