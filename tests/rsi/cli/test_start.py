"""The CLI starts light (issue 53): importing `rsi.cli`, as every `rsi` command does first,
loads none of the heavy libraries a command may run on; each is imported by the command that
needs it. Checked in a fresh interpreter (this one has imported them all), by `sys.modules`.
Its speed is measured in experiments/benchmarks/cli_start.py, never asserted here.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from rsi.config import load_config
from rsi.journal import Evaluation, Journal, RunStarted
from tests.support.cli_helpers import ROOT, run_rsi
from tests.support.search_fixtures import write_k3_config

HEAVY = ("optuna", "docker", "dspy", "litellm", "mlflow", "dask")
# Nor what only a running command needs: the engine, numpy (the gate), the reports, rich.
LATER = ("rsi.engine.loop", "numpy", "rsi.reports", "matplotlib", "rich", "pydantic")


# What a command runs on, which `rsi status` and a missing config's error never need.
ENGINE = ("rsi.engine.loop", "rsi.execution.evaluation", "rsi.execution.services")
# The config's models and what they hold: a file that cannot be read fails before them.
CONFIG_MODELS = ("rsi.config.experiment", "rsi.api", "evaluators.llm", "evaluators.runners")


def _loaded_after(code: str) -> set[str]:
    probe = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return set(json.loads(done.stdout.splitlines()[-1]))


def _loaded_by_command(*args: str) -> set[str]:
    """The modules loaded once `rsi ARGS` ran through the console entry point (its exit
    code is the command's; its output goes to the probe's stderr)."""
    return _loaded_after(
        "import contextlib, sys\n"
        f"sys.argv = ['rsi', *{list(args)!r}]\n"
        "from rsi.cli import main\n"
        "with contextlib.redirect_stdout(sys.stderr), contextlib.suppress(SystemExit):\n"
        "    main()"
    )


def _roots(modules: set[str], names: tuple[str, ...]) -> list[str]:
    return sorted(name for name in names if name in modules)


def test_importing_the_cli_loads_no_heavy_library() -> None:
    loaded = _loaded_after("import rsi.cli")
    assert "rsi.cli.search" in loaded and "typer" in loaded  # the probe saw the CLI load
    assert _roots(loaded, HEAVY) == []
    assert _roots(loaded, LATER) == []


def test_the_probe_sees_a_heavy_import() -> None:
    """The check above can fail: the engine does load what the CLI must not."""
    loaded = _loaded_after("import rsi.cli, rsi.engine.loop")
    assert {"optuna", "docker", "numpy"} <= loaded


def test_help_and_a_user_error_keep_their_output_and_exit_codes(tmp_path: Path) -> None:
    shown = run_rsi("--help", cold=True)
    assert shown.returncode == 0 and "[OPTIONS] COMMAND" in shown.stdout.splitlines()[0]
    missing = run_rsi("search", str(tmp_path / "absent.toml"), cold=True)
    assert missing.returncode == 2
    assert missing.stderr.strip().splitlines() == [
        f"error: {tmp_path / 'absent.toml'}: No such file or directory"
    ]


def _small_run(home: Path) -> Path:
    run = home / "run"
    run.mkdir()
    (run / "config.json").write_text(load_config(write_k3_config(home)).model_dump_json())
    journal = Journal(run)
    journal.append("run:start", RunStarted(run_id="r", experiment="k3", config_hash="x", seed=42))
    journal.append(
        "eval:train:s0:t0:42",
        Evaluation(strategy_id="s0", task_id="t0", seed=42, purpose="train", success=True,
                   initial_outcome="fail", reference_outcome="pass"),
    )  # fmt: skip
    journal.close()
    return run


def test_status_reads_a_run_without_the_engine_or_a_heavy_library(tmp_path: Path) -> None:
    loaded = _loaded_by_command("status", str(_small_run(tmp_path)), "--json")
    assert "rsi.journal.summary" in loaded and "rsi.config.experiment" in loaded  # it ran
    assert _roots(loaded, ENGINE + HEAVY + ("numpy", "rsi.reports")) == []


def test_a_missing_config_is_reported_before_the_config_models_load(tmp_path: Path) -> None:
    loaded = _loaded_by_command("search", str(tmp_path / "absent.toml"))
    assert "rsi.config.loading" in loaded  # the command ran as far as reading the file
    assert _roots(loaded, CONFIG_MODELS + ENGINE + HEAVY) == []


def test_a_config_that_reads_loads_the_models_it_is_checked_against(tmp_path: Path) -> None:
    """The check above can fail: a file that reads goes on to the models (and fails there,
    on a table the models do not know)."""
    config = tmp_path / "bad.toml"
    config.write_text("[nonsense]\nkey = 1\n")
    loaded = _loaded_by_command("search", str(config))
    assert {"rsi.config.experiment", "evaluators.llm", "evaluators.runners"} <= loaded
