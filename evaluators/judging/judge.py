"""The judge: run one submission on a task's targets through a Sandbox (docs/design.md section 5).

Targets are the initial program (environment/ only), the reference (environment/ plus
solution/) and, in panel mode, every panel overlay. Each run gets the same RunSpec shape;
the sandbox makes all of them look identical to the suite (same paths, same environment).
"""

from __future__ import annotations

from concurrent.futures import Executor
from enum import Enum
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from evaluators.judging.junit import TestCaseResult, parse_junit
from evaluators.judging.metrics import (
    SuiteQuality,
    TaskOutcomes,
    TaskScores,
    score_task,
    suite_quality,
)
from evaluators.sandbox import (
    DEFAULT_OUTPUT_LIMIT_BYTES,
    DEFAULT_RESULTS_XML_LIMIT_BYTES,
    DEFAULT_TIMEOUT_CAP_S,
    Isolation,
    Outcome,
    RunResult,
    RunSpec,
    Sandbox,
)
from evaluators.tasks import HarborTask, PanelLabel, Task
from search_space import UserInputError

DEFAULT_KEPT_OUTPUT_CHARS = 20_000


class TargetKind(str, Enum):
    INITIAL = "initial"
    REFERENCE = "reference"
    VALID = "valid"
    INVALID = "invalid"


class Target(BaseModel):
    """A program under test: `layers` copied in order into `$APP_DIR`."""

    model_config = ConfigDict(frozen=True)

    name: str  # "initial", "reference", "valid/<member>" or "invalid/<member>"
    kind: TargetKind
    layers: tuple[Path, ...]
    image: str | None = None  # an image target: the program is in this image, at app_dir
    app_dir: str | None = None
    path: str | None = None


def _image_targets(task: HarborTask, *, panel: bool) -> tuple[Target, ...]:
    images = task.images
    if images is None:
        raise UserInputError("images not built; run `rsi tasks build`", source=f"task {task.id}")
    named = [("initial", TargetKind.INITIAL, images.initial)]
    named.append(("reference", TargetKind.REFERENCE, images.reference))
    if panel:
        named.extend(
            (
                f"{p.label.value}/{p.name}",
                TargetKind.VALID if p.label is PanelLabel.VALID else TargetKind.INVALID,
                p.image,
            )
            for p in images.panel
        )
    return tuple(
        Target(
            name=name, kind=kind, layers=(), image=image, app_dir=images.workdir, path=images.path
        )
        for name, kind, image in named
    )


def task_targets(task: Task, *, panel: bool) -> tuple[Target, ...]:
    """Initial, reference and (in panel mode) every panel member on disk, in that order.

    A Harbor task's targets are its built images, all run with `$APP_DIR` at the initial
    image's working directory.
    """
    if isinstance(task, HarborTask):
        return _image_targets(task, panel=panel)
    env = task.environment_dir
    targets = [
        Target(name="initial", kind=TargetKind.INITIAL, layers=(env,)),
        Target(name="reference", kind=TargetKind.REFERENCE, layers=(env, task.solution_dir)),
    ]
    if panel:
        targets.extend(
            Target(
                name=f"{member.label.value}/{member.name}",
                kind=TargetKind.VALID if member.label is PanelLabel.VALID else TargetKind.INVALID,
                layers=(env, member.path),
            )
            for member in task.panel_members()
        )
    return tuple(targets)


class JudgeSettings(BaseModel):
    """Run limits the judge applies on top of task.toml's."""

    model_config = ConfigDict(frozen=True)

    timeout_cap_s: float = Field(default=DEFAULT_TIMEOUT_CAP_S, gt=0)
    max_pids: int = Field(default=256, gt=0)
    output_limit_bytes: int = Field(default=DEFAULT_OUTPUT_LIMIT_BYTES, gt=0)
    results_xml_limit_bytes: int = Field(default=DEFAULT_RESULTS_XML_LIMIT_BYTES, gt=0)
    kept_output_chars: int = Field(default=DEFAULT_KEPT_OUTPUT_CHARS, gt=0)


class TargetResult(BaseModel):
    """One target's run. `output` keeps the tail of the run's output; `tests` is `None`
    when no well-formed JUnit XML was written."""

    model_config = ConfigDict(frozen=True)

    target: str
    kind: TargetKind
    outcome: Outcome
    exit_code: int | None
    duration_s: float
    backend: str
    isolation: Isolation
    output: str
    output_truncated: bool
    error: str | None
    tests: tuple[TestCaseResult, ...] | None
    infrastructure: bool = False  # the sandbox failed, not the suite (RunResult's flag)


class TaskJudgement(BaseModel):
    """Every target's result for one submission on one task, in target order."""

    model_config = ConfigDict(frozen=True)

    task_id: str
    panel: bool
    timeout_s: float
    results: tuple[TargetResult, ...]
    # An identical submission's verdict, not run again (evaluators/judging/judge_memo.py).
    remembered: bool = False

    def result(self, target: str) -> TargetResult | None:
        return next((r for r in self.results if r.target == target), None)

    def of_kind(self, kind: TargetKind) -> tuple[TargetResult, ...]:
        return tuple(r for r in self.results if r.kind is kind)

    def outcomes(self) -> TaskOutcomes:
        initial, reference = self.result("initial"), self.result("reference")
        return TaskOutcomes(
            task_id=self.task_id,
            initial=initial.outcome if initial else None,
            reference=reference.outcome if reference else None,
            valid=tuple(r.outcome for r in self.of_kind(TargetKind.VALID)),
            invalid=tuple(r.outcome for r in self.of_kind(TargetKind.INVALID)),
            panel=self.panel,
        )

    def scores(self) -> TaskScores:
        return score_task(self.outcomes())

    def quality(self) -> SuiteQuality:
        """Validity rate and mutation score from per-test results (invalid members as
        mutants); undefined fields are `None` (see `metrics.suite_quality`)."""
        reference = self.result("reference")
        return suite_quality(
            reference.tests if reference else None,
            [r.tests for r in self.of_kind(TargetKind.INVALID)],
        )

    @property
    def backends(self) -> tuple[str, ...]:
        return tuple(sorted({r.backend for r in self.results}))

    @property
    def isolations(self) -> tuple[Isolation, ...]:
        return tuple(sorted({r.isolation for r in self.results}, key=lambda i: i.value))


def _tail(text: str, limit: int) -> tuple[str, bool]:
    if len(text) <= limit:
        return text, False
    return f"[... {len(text) - limit} chars cut ...]\n{text[-limit:]}", True


def _to_result(target: Target, run: RunResult, settings: JudgeSettings) -> TargetResult:
    output, cut = _tail(run.output, settings.kept_output_chars)
    return TargetResult(
        target=target.name,
        kind=target.kind,
        outcome=run.outcome,
        exit_code=run.exit_code,
        duration_s=run.duration_s,
        backend=run.backend,
        isolation=run.isolation,
        output=output,
        output_truncated=cut or run.output_truncated,
        error=run.error,
        tests=parse_junit(run.results_xml, limit_bytes=settings.results_xml_limit_bytes),
        infrastructure=run.infrastructure,
    )


def run_spec(task: Task, target: Target, submission: Path, settings: JudgeSettings) -> RunSpec:
    """The sandbox request for one target; only `app_layers` differs between targets."""
    return RunSpec(
        app_layers=target.layers,
        tests_dir=submission.resolve(),
        timeout_s=min(task.verifier_timeout_s, settings.timeout_cap_s),
        memory_mb=task.memory_mb,
        cpus=task.cpus,
        max_pids=settings.max_pids,
        output_limit_bytes=settings.output_limit_bytes,
        image=target.image or task.image,
        app_dir=target.app_dir,
        path=target.path,
    )


def judge(
    task: Task,
    submission: Path,
    sandbox: Sandbox,
    *,
    panel: bool = False,
    settings: JudgeSettings | None = None,
    executor: Executor | None = None,
) -> TaskJudgement:
    """Run `submission` (a directory with `run.sh`) on the task's targets.

    With an `executor` the runs are submitted concurrently; results keep target order
    either way. A sandbox exception propagates: infrastructure failures the sandbox can
    classify come back as `error` outcomes instead.
    """
    settings = settings or JudgeSettings()
    targets = task_targets(task, panel=panel)
    specs = [run_spec(task, target, submission, settings) for target in targets]
    if executor is None:
        runs = [sandbox.run(spec) for spec in specs]
    else:
        futures = [executor.submit(sandbox.run, spec) for spec in specs]
        runs = [future.result() for future in futures]
    return TaskJudgement(
        task_id=task.id,
        panel=panel,
        timeout_s=specs[0].timeout_s,
        results=tuple(_to_result(t, r, settings) for t, r in zip(targets, runs, strict=True)),
    )
