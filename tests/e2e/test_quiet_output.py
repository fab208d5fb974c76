"""What a user reads is the tool's own output (issue 42, item 10: noise), and its usage
says what a server reported (item 5). Its `rsi` processes start cold: one forked from the
warm start (tests/support/warm_start.py) would not show what importing prints.

- A small search (scripted runner, MLflow mirror on) and its report print no MLflow INFO
  lines and no matplotlib warning (a long run status collapsed the release card's layout).
- `rsi run-task` against a local server prints no dspy "LM response was truncated" for
  its one-token model check, and shows a timed-out call's reservation apart from the
  usage the server reported.
"""

from __future__ import annotations

from pathlib import Path

from evaluators.sandbox import LocalSandbox
from tests.support.cli_helpers import run_rsi
from tests.support.harness_pool_model import PoolModel
from tests.support.llm_server import LocalLlmServer, Reply
from tests.support.search_fixtures import ROOT, rewrite_config

NOISE = (
    "INFO mlflow",
    "[alembic",
    "constrained_layout",
    "UserWarning",
    "LM response was truncated",
)
TASKS = ROOT / "tests/fixtures/tasks"
INITIAL = ROOT / "experiments/strategies/initial.json"


def _config(home: Path, source: str, changes: dict[str, str]) -> Path:
    absolute = {
        '"strategies/initial.json"': f'"{INITIAL}"',
        'runs_dir = "../runs"': f'runs_dir = "{home / "runs"}"',
    }
    return rewrite_config(ROOT / source, home / "config.toml", {**absolute, **changes})


def _quiet(stderr: str) -> None:
    assert not [noise for noise in NOISE if noise in stderr], stderr[-3000:]


def test_a_small_search_and_its_report_print_no_noise(tmp_path: Path) -> None:
    shrink = {
        'tasks = "tasks"': f'tasks = "{ROOT / "experiments/tasks"}"',
        "proposal = 30": "proposal = 4",
        "dev = 8": "dev = 2",
        "release = 36": "release = 4",
        "minibatch = 6": "minibatch = 2",
        "completed_rounds = 5": "completed_rounds = 1",
        "max_attempts = 10": "max_attempts = 2",
        "workers = 2": "workers = 1",
    }
    config = _config(tmp_path, "experiments/quickstart.toml", shrink)
    run = tmp_path / "runs" / "run"
    searched = run_rsi("search", str(config), "--run-dir", str(run), cold=True)
    assert searched.returncode == 0, searched.stderr[-3000:]
    _quiet(searched.stderr)
    assert (tmp_path / "runs" / "mlflow.db").exists() or list(tmp_path.rglob("*.db"))
    reported = run_rsi("report", str(run), "--out", str(tmp_path / "report"), cold=True)
    assert reported.returncode == 0, reported.stderr[-3000:]
    _quiet(reported.stderr)  # the release card: "not decided yet" with a long status


def test_run_task_is_quiet_and_shows_a_timed_out_call_apart(
    bwrap_sandbox: LocalSandbox, tmp_path: Path
) -> None:
    from evaluators.tasks import TaskSet

    with LocalLlmServer(responder=PoolModel(TaskSet.load(TASKS))) as server:
        # the model check, its two structured-output probes, then the task's first call,
        # which the server keeps busy past the client's timeout
        server.script(Reply(), Reply(), Reply(), Reply(delay_s=4.0))
        llm = f'"{server.openai_base}"\ncall_timeout_s = 1.5'
        changes = {
            '"http://127.0.0.1:8000/v1"': llm,
            'tasks = "tasks"': f'tasks = "{TASKS}"',
        }
        config = _config(tmp_path, "experiments/testhelix_small.toml", changes)
        shown = run_rsi(
            "run-task", str(config), str(TASKS / "clamp-range"),
            "--strategy", str(INITIAL), "--out", str(tmp_path / "out"), cold=True,
        )  # fmt: skip
        checks = server.preflights
    assert shown.returncode == 0, shown.stderr[-3000:]
    _quiet(shown.stderr)
    assert checks == 3
    text = " ".join(shown.stdout.split())
    assert "structured output: prompt (chosen by the model check)" in text
    assert "reported by the server:" in text
    assert "counted at their reservation: 1 calls" in text
