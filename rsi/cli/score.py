"""`rsi score TASK_DIR SUITE_DIR`: judge one suite on one task."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from evaluators.defaults import DEFAULT_TIMEOUT_CAP_S
from rsi.cli.harbor_pool import BaseImageOption, built_pool
from rsi.cli.output import console, print_json

if TYPE_CHECKING:  # the rest is imported when a command runs (rsi/cli/__init__.py)
    from evaluators.judging import TargetResult, TaskJudgement
    from evaluators.sandbox import Sandbox
    from evaluators.tasks import Task


class Backend(str, Enum):
    LOCAL = "local"
    DOCKER = "docker"


BackendOption = Annotated[
    Backend, typer.Option("--backend", help="Sandbox backend.", case_sensitive=False)
]
JsonFlag = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")]
ReducedFlag = Annotated[
    bool,
    typer.Option(
        "--allow-reduced-isolation",
        help="Permit the local backend to fall back to `unshare -rn` (no filesystem isolation).",
    ),
]
ImageOption = Annotated[
    str | None, typer.Option("--image", help="Docker image (default: the backend's).")
]
CapOption = Annotated[
    float, typer.Option("--timeout-cap", min=1.0, help="Upper bound on each run's timeout (s).")
]


def register(app: typer.Typer) -> None:
    app.command("score")(score)


def build_sandbox(backend: Backend, *, allow_reduced_isolation: bool, image: str | None) -> Sandbox:
    from evaluators.sandbox import make_sandbox

    return make_sandbox(backend.value, allow_reduced_isolation=allow_reduced_isolation, image=image)


def _test_counts(result: TargetResult) -> dict[str, int] | None:
    from evaluators.judging import TestStatus

    if result.tests is None:
        return None
    return {s.value: sum(t.status is s for t in result.tests) for s in TestStatus}


def target_summary(result: TargetResult) -> dict[str, Any]:
    """One target's row of the JSON output."""
    return {
        "target": result.target,
        "kind": result.kind.value,
        "outcome": result.outcome.value,
        "exit_code": result.exit_code,
        "duration_s": round(result.duration_s, 3),
        "backend": result.backend,
        "isolation": result.isolation.value,
        "error": result.error,
        "tests": _test_counts(result),
    }


def judgement_json(judgement: TaskJudgement, suite: Path) -> dict[str, Any]:
    """The `rsi score --json` document (shape in `score`'s docstring)."""
    scores = judgement.scores()
    data: dict[str, Any] = {
        "task": judgement.task_id,
        "suite": str(suite),
        "panel": judgement.panel,
        "timeout_s": judgement.timeout_s,
        "backend": ",".join(judgement.backends),
        "isolation": [i.value for i in judgement.isolations],
        "targets": [target_summary(r) for r in judgement.results],
        "scores": {"F": scores.F, "S": scores.S, "A": scores.A, "R": scores.R},
        "quality": None,
    }
    if judgement.panel:
        data["quality"] = judgement.quality().model_dump(mode="json")
    return data


def load_built_task(task_dir: Path, base_image: list[str] | None, *, quiet: bool) -> Task:
    """One task directory; a Harbor task with its images built (or found cached)."""
    from evaluators.tasks import TaskSet
    from search_space import UserInputError

    if not (task_dir / "task.toml").is_file():
        raise UserInputError("task.toml is missing", source=str(task_dir / "task.toml"))
    built, _records = built_pool(TaskSet.load(task_dir), base_image, quiet=quiet)
    (task,) = built.tasks
    return task


def _fmt(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.2f}"


def score(
    task_dir: Annotated[Path, typer.Argument(metavar="TASK_DIR", help="One task directory.")],
    suite_dir: Annotated[
        Path, typer.Argument(metavar="SUITE_DIR", help="The suite: a directory with run.sh.")
    ],
    backend: Annotated[
        Backend | None,
        typer.Option(
            "--backend",
            help="Sandbox backend (default: local; docker for a Harbor task).",
            case_sensitive=False,
        ),
    ] = None,
    panel: Annotated[bool, typer.Option("--panel", help="Also run every panel member.")] = False,
    as_json: JsonFlag = False,
    allow_reduced_isolation: ReducedFlag = False,
    image: ImageOption = None,
    timeout_cap: CapOption = DEFAULT_TIMEOUT_CAP_S,
    base_image: BaseImageOption = None,
) -> None:
    """Run SUITE_DIR on the task's initial program, reference and (--panel) panel members.

    \b
    --json prints one object:
    {"task": str, "suite": str, "panel": bool, "timeout_s": float,
     "backend": str, "isolation": [str, ...],
     "targets": [{"target": "initial"|"reference"|"valid/<id>"|"invalid/<id>",
                  "kind": "initial"|"reference"|"valid"|"invalid",
                  "outcome": "pass"|"fail"|"error"|"timeout", "exit_code": int|null,
                  "duration_s": float, "backend": str, "isolation": str, "error": str|null,
                  "tests": {"passed": int, "failed": int, "error": int, "skipped": int}|null}],
     "scores": {"F": 0|1, "S": 0|1|null, "A": float|null, "R": float|null},
     "quality": null | {"tests", "valid_tests", "mutants", "killed": int,
                        "validity": float|null, "mutation_score": float|null}}
    S, A, R and quality are null without --panel. Exit 0 whatever the verdicts.

    A Harbor task's targets are its images (built first if missing, see `rsi tasks
    build`); the suite runs in a fresh container of each with `$APP_DIR` at the initial
    image's working directory.
    """
    from evaluators.judging import JudgeSettings, judge
    from evaluators.tasks import HarborTask
    from search_space import UserInputError

    if not suite_dir.is_dir():
        raise UserInputError("suite directory not found", source=str(suite_dir))
    if not (suite_dir / "run.sh").is_file():
        raise UserInputError(
            "no run.sh: a suite directory holds the run.sh that runs it", source=str(suite_dir)
        )
    task = load_built_task(task_dir, base_image, quiet=as_json)
    if backend is None:
        backend = Backend.DOCKER if isinstance(task, HarborTask) else Backend.LOCAL
    sandbox = build_sandbox(backend, allow_reduced_isolation=allow_reduced_isolation, image=image)
    settings = JudgeSettings(timeout_cap_s=timeout_cap)
    judgement = judge(task, suite_dir, sandbox, panel=panel, settings=settings)
    if as_json:
        print_json(judgement_json(judgement, suite_dir))
        return
    print_judgement(task.id, suite_dir, judgement)


def print_judgement(task_id: str, suite_dir: Path, judgement: TaskJudgement) -> None:
    """The human view of `rsi score`: one row per target, then the scores and isolation."""
    from rich.table import Table

    table = Table(title=f"{task_id}: {suite_dir}")
    widest = max(len(r.target) for r in judgement.results)
    table.add_column("target", no_wrap=True, min_width=widest)
    for column in ("outcome", "duration", "tests", "isolation"):
        table.add_column(column)
    for result in judgement.results:
        counts = _test_counts(result)
        tests = "-" if counts is None else " ".join(f"{k}={v}" for k, v in counts.items() if v)
        table.add_row(
            result.target,
            result.outcome.value + (f" ({result.error})" if result.error else ""),
            f"{result.duration_s:.2f}s",
            tests or "none",
            result.isolation.value,
        )
    console.print(table)
    s = judgement.scores()
    console.print(f"F={s.F} S={_fmt(s.S)} A={_fmt(s.A)} R={_fmt(s.R)}")
    console.print(
        f"backend={','.join(judgement.backends)} "
        f"isolation={','.join(i.value for i in judgement.isolations)}"
    )
