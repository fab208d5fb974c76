"""`rsi run-task CONFIG TASK_DIR --strategy FILE`: watch the runner on one task.

Runs the config's runner (the LLM harness, with its caps and reply cache) on one task,
writes the submission and the full trace under `--out`, scores the suite on the initial
program and the reference (and the hidden panel with `--panel`), and prints what the
harness did and what it cost (dollars at the model's price, prompt-cache reads and writes
at their rates, beside the bill without the cache), so a researcher can see one task
before paying for a search.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from rsi.cli.output import console, print_json, structured_line, unreported
from rsi.cli.search import SkipModelCheck

if TYPE_CHECKING:  # the rest is imported when a command runs (rsi/cli/__init__.py)
    from evaluators.llm import Price
    from evaluators.runners import RunnerResult
    from evaluators.tasks import Task
    from rsi.execution import EvaluationServices


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
    skip_model_check: SkipModelCheck = False,
) -> None:
    """Run the config's runner on one task; print its trace summary and the suite's scores.

    Exits 2 when the model cannot be used at all (checked first with one minimal request),
    and 1 when the model's health stopped the task (unreachable, slow, format, no tool calls).
    """
    from evaluators.llm import price_of
    from evaluators.runners import run_safely
    from evaluators.tasks import TaskSet
    from rsi.config import load_config
    from rsi.execution import build_services
    from search_space import Strategy, UserInputError, load_model

    if not (task_dir / "task.toml").is_file():
        raise UserInputError("not a task directory (no task.toml)", source=str(task_dir))
    config = load_config(config_file)
    strategy = load_model(Strategy, strategy_file)
    tasks = TaskSet.load(task_dir)
    (task,) = tasks.tasks
    out = out or Path(f"run-task-{task.id}")
    checked = not skip_model_check
    settings = config.services_config()
    services = build_services(settings, out, tasks=tasks, model_check=checked, format_check=False)
    task = services.tasks.get(task.id)  # with its images, when it is a Harbor task
    workdir = out / "work"
    shutil.rmtree(workdir, ignore_errors=True)
    result = run_safely(services.runner, strategy, task.public(), services.limits, workdir)
    trace = result.trace.model_dump(mode="json")
    (out / "trace.json").write_text(json.dumps(trace, indent=1, sort_keys=True))
    submission, scores = _score_submission(result, task, services, out, panel=panel)
    shutil.rmtree(workdir, ignore_errors=True)
    summary = _summary(task.id, out / "trace.json", trace, submission, scores)
    if config.llm is not None and config.runner.kind == "testhelix":
        summary["structured_output"] = structured_line(config.llm)
        summary["money"] = task_money(price_of(config.llm), trace["usage"])
    if as_json:
        print_json(summary)
    else:
        _render(summary)
    if result.health is not None:
        print(
            f"error: model stopped ({result.health.cause}): {result.health.message}",
            file=sys.stderr,
        )
        raise typer.Exit(1)


def _summary(
    task_id: str,
    trace_file: Path,
    trace: dict[str, Any],
    submission: Path | None,
    scores: dict[str, Any] | None,
) -> dict[str, Any]:
    """What `--json` prints and `_render` shows."""
    return {
        "task": task_id,
        "submission": str(submission) if submission else None,
        "trace": str(trace_file),
        "error": trace["error"],
        "usage": trace["usage"],
        "scores": scores,
        "reply_format": reply_format(trace["phases"]),
        "phases": trace["phases"],
    }


def task_money(price: Price | None, usage: dict[str, Any]) -> dict[str, Any]:
    """The task's dollars at the model's price (cache reads and writes at their rates),
    beside what the same tokens cost without the prompt cache; None where unpriced."""
    if price is None:
        return {"usd": None, "uncached_usd": None, "unpriced": ["model"]}
    tokens = (usage.get("input_tokens", 0), usage.get("output_tokens", 0))
    cached = (usage.get("cache_read_input_tokens", 0), usage.get("cache_write_input_tokens", 0))
    return {
        "usd": price.usd(*tokens, *cached),
        "uncached_usd": price.usd(*tokens),
        "unpriced": list(price.unpriced_rates()) if any(cached) else [],
    }


def _money_line(money: dict[str, Any] | None) -> str:
    if money is None:
        return ""
    if money["usd"] is None:
        return ", price unknown"
    line = f", ${money['usd']:,.4f}"
    saved = money["uncached_usd"] - money["usd"]
    if abs(saved) > 1e-12:
        line += f" (${money['uncached_usd']:,.4f} without the prompt cache)"
    return line


def _score_submission(
    result: RunnerResult, task: Task, services: EvaluationServices, out: Path, *, panel: bool
) -> tuple[Path | None, dict[str, Any] | None]:
    """Copy the submission under `out` and judge it: (its copy, its scores), or Nones."""
    from evaluators.judging import judge, score_task

    if result.submission is None:
        return None, None
    submission = out / "submission"
    shutil.rmtree(submission, ignore_errors=True)
    shutil.copytree(result.submission, submission)
    judgement = judge(
        task, submission, services.sandbox, panel=panel, settings=services.judge_settings
    )
    return submission, score_task(judgement.outcomes()).model_dump(mode="json")


def _render(summary: dict[str, Any]) -> None:
    from rich.table import Table
    from rich.text import Text

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
        f"{usage['output_tokens']} output tokens{_money_line(summary.get('money'))}, "
        f"{usage['steps']} steps, {usage['seconds']:.1f} s"
    )
    if usage.get("estimated_calls"):
        console.print(f"  {unreported(usage)}")
    read, written = (
        usage.get("cache_read_input_tokens", 0),
        usage.get("cache_write_input_tokens", 0),
    )
    if read or written:
        fresh = usage["input_tokens"] - read - written
        unpriced = (summary.get("money") or {}).get("unpriced") or []
        note = f" ({' and '.join(unpriced)} unpriced: at the input rate)" if unpriced else ""
        console.print(
            f"  prompt cache: {read} input tokens read, {written} written, {fresh} fresh{note}"
        )
    if summary.get("structured_output"):
        console.print(summary["structured_output"])
    tally = summary["reply_format"]
    if tally is not None:
        console.print(
            f"replies: {tally['replies']} read, {tally['malformed']} malformed; "
            f"{tally['requests']} requests, {tally['repeats']} answered from memory"
        )
        if tally["ignores_format"]:
            console.print(Text(tally["verdict"], style="bold red"))
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


def reply_format(phases: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The harness's reply-format tally, with a verdict when most replies did not parse
    (None when every reply parsed and no request was asked twice)."""
    tally = next((p for p in phases if p.get("phase") == "reply-format"), None)
    if tally is None:
        return None
    replies, malformed = int(tally.get("replies", 0)), int(tally.get("malformed", 0))
    no_tool = int(tally.get("no_tool", 0))
    ignores = replies > 0 and 2 * malformed > replies
    sent = f"(it sent: {tally.get('example', '')!r})"
    if not ignores:
        verdict = None
    elif 2 * no_tool > malformed:  # agent turns in prose: not a format the model ignored
        verdict = (
            f"the model {tally.get('model')} called no tool: {no_tool} agent turns called "
            f"none, {malformed} of {replies} replies were malformed {sent}"
        )
    else:
        verdict = (
            f"the model {tally.get('model')} does not follow the reply format: {malformed} "
            f"of {replies} replies did not parse {sent}"
        )
    return {
        **{k: v for k, v in tally.items() if k != "phase"},
        "ignores_format": ignores,
        "verdict": verdict,
    }
