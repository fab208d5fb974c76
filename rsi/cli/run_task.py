"""`rsi run-task CONFIG TASK_DIR --strategy FILE`: watch the runner on one task.

Runs the config's runner (the LLM harness, with its caps and reply cache) on one task,
writes the submission and the full trace under `--out`, scores the suite on the initial
program and the reference (and the hidden panel with `--panel`), and prints what the
harness did, so a researcher can see one task before paying for a search.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table
from rich.text import Text

from evaluators.judge import judge
from evaluators.metrics import score_task
from evaluators.runners.base import run_safely
from evaluators.tasks import TaskSet
from rsi.cli.output import console, print_json
from rsi.config import load_config
from rsi.engine import build_services
from search_space import Strategy
from search_space.errors import UserInputError
from search_space.io import load_model


def register(app: typer.Typer) -> None:
    app.command("run-task")(run_task)


def run_task(
    config_file: Annotated[
        Path, typer.Argument(metavar="CONFIG", help="Experiment TOML (its runner and model).")
    ],
    task_dir: Annotated[
        Path, typer.Argument(metavar="TASK_DIR", help="One task directory (holding task.toml).")
    ],
    strategy_file: Annotated[Path, typer.Option("--strategy", help="Strategy JSON.")],
    out: Annotated[Path | None, typer.Option("--out", help="Where to write results.")] = None,
    panel: Annotated[bool, typer.Option("--panel", help="Also score on the hidden panel.")] = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the trace summary and scores as JSON.")
    ] = False,
) -> None:
    """Run the config's runner on one task; print its trace summary and the suite's scores."""
    if not (task_dir / "task.toml").is_file():
        raise UserInputError("not a task directory (no task.toml)", source=str(task_dir))
    config = load_config(config_file)
    strategy = load_model(Strategy, strategy_file)
    tasks = TaskSet.load(task_dir)
    (task,) = tasks.tasks
    out = out or Path(f"run-task-{task.id}")
    services = build_services(config, out, tasks=tasks)
    workdir = out / "work"
    shutil.rmtree(workdir, ignore_errors=True)
    result = run_safely(services.runner, strategy, task.public(), services.limits, workdir)
    trace = result.trace.model_dump(mode="json")
    (out / "trace.json").write_text(json.dumps(trace, indent=1, sort_keys=True))
    scores: dict[str, Any] | None = None
    submission = None
    if result.submission is not None:
        submission = out / "submission"
        shutil.rmtree(submission, ignore_errors=True)
        shutil.copytree(result.submission, submission)
        judgement = judge(
            task, submission, services.sandbox, panel=panel, settings=services.judge_settings
        )
        scores = score_task(judgement.outcomes()).model_dump(mode="json")
    shutil.rmtree(workdir, ignore_errors=True)
    summary = {
        "task": task.id,
        "submission": str(submission) if submission else None,
        "trace": str(out / "trace.json"),
        "error": result.trace.error,
        "usage": trace["usage"],
        "scores": scores,
        "phases": trace["phases"],
    }
    if as_json:
        print_json(summary)
        return
    _render(summary)


def _render(summary: dict[str, Any]) -> None:
    table = Table(title=f"{summary['task']}: what the runner did")
    table.add_column("phase")
    table.add_column("facts")
    for phase in summary["phases"]:
        facts = {k: v for k, v in phase.items() if k != "phase"}
        table.add_row(str(phase["phase"]), json.dumps(facts, sort_keys=True)[:160])
    console.print(table)
    usage = summary["usage"]
    console.print(
        f"usage: {usage['calls']} model calls, {usage['input_tokens']} input and "
        f"{usage['output_tokens']} output tokens, {usage['steps']} steps, {usage['seconds']:.1f} s"
    )
    if summary["error"]:
        console.print(Text.assemble(("no submission", "bold red"), f": {summary['error']}"))
    scores = summary["scores"]
    if scores is not None:
        console.print(
            f"submission {summary['submission']}: F={scores['F']} (1 when it fails on the "
            f"initial program and passes on the reference), S={scores['S']}, "
            f"A={scores['A']}, R={scores['R']}"
        )
    console.print(f"full trace: {summary['trace']}")
