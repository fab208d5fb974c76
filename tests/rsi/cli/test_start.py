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

from tests.support.cli_helpers import ROOT, run_rsi

HEAVY = ("optuna", "docker", "dspy", "litellm", "mlflow", "dask")
# Nor what only a running command needs: the engine, numpy (the gate), the reports, rich.
LATER = ("rsi.engine.loop", "numpy", "rsi.reports", "matplotlib", "rich", "pydantic")


def _loaded_after(code: str) -> set[str]:
    probe = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return set(json.loads(done.stdout.splitlines()[-1]))


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
    shown = run_rsi("--help")
    assert shown.returncode == 0 and "[OPTIONS] COMMAND" in shown.stdout.splitlines()[0]
    missing = run_rsi("search", str(tmp_path / "absent.toml"))
    assert missing.returncode == 2
    assert missing.stderr.strip().splitlines() == [
        f"error: {tmp_path / 'absent.toml'}: No such file or directory"
    ]
