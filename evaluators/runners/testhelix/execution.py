"""The harness's own executions: a suite on the initial program or on a generated repair.

Only public material is ever executed here: the task's public environment, the suites and
repairs the model wrote. Each check runs `repeats` times in the sandbox (the judge's
backend); a check is reproducible when every repeat gives the same outcome. What the model
is shown of the output is cut to the strategy's `toolOutputChars`.

Within one task's run a check is paid for once: the same suite on the same program (by
content) asked again, by a refine round that left a pair unchanged, two pairs that wrote
the same files, a peer or the merge, is answered from the first run and says so in the
tool output. Nondeterminism is what `repeats` measures, not what asking twice measures.

With a `deadline` (the harness's wall cap) every sandbox run is bounded by what is left of
it, and a check asked after it raises `HarnessStopped`: the harness stops at the cap.
"""

from __future__ import annotations

import dataclasses
import hashlib
import time
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from evaluators.judging import Once, TestStatus, parse_junit
from evaluators.runners.suite_draft import CONFTEST, RUN_SH, stable_output
from evaluators.runners.testhelix.model import HarnessStopped
from evaluators.runners.testhelix.signatures import SourceFile
from evaluators.sandbox import Outcome, RunSpec, Sandbox
from evaluators.tasks import PublicTask


@dataclass(frozen=True)
class Check:
    """One suite on one program: the outcome of its first repeat and what it showed."""

    target: str  # "initial", "own", "peer:<pair>" or "merged-witness"
    outcome: Outcome
    reproducible: bool
    failing: tuple[str, ...]
    tests: int
    visible: str  # output as the model may see it (cut to toolOutputChars)
    truncated: bool
    remembered: bool = False  # answered from an identical earlier check, not run again

    def summary(self) -> dict[str, object]:
        """The trace's view: no output text (that goes to `tool_output`)."""
        summary: dict[str, object] = {
            "target": self.target,
            "outcome": self.outcome.value,
            "reproducible": self.reproducible,
            "failing": list(self.failing),
            "tests": self.tests,
            "truncated": self.truncated,
        }
        return {**summary, "remembered": True} if self.remembered else summary


def files_digest(files: list[SourceFile]) -> str:
    """Content identity of a file set (distinct repairs are distinct witnesses)."""
    digest = hashlib.sha256()
    for file in sorted(files, key=lambda f: f.path):
        digest.update(file.path.encode() + b"\0" + file.content.encode() + b"\0")
    return digest.hexdigest()[:12]


def render_files(files: list[SourceFile], limit_chars: int) -> str:
    """Files as the model reads them, `### path` headers, cut to `limit_chars`."""
    text = "\n".join(f"### {f.path}\n{f.content}" for f in files)
    return cut(text, limit_chars)


def cut(text: str, limit_chars: int) -> str:
    if len(text) <= limit_chars:
        return text
    return text[:limit_chars] + f"\n[... {len(text) - limit_chars} chars cut]"


class Workbench:
    """Writes suites and repairs under the task's workdir and runs them in the sandbox."""

    def __init__(
        self,
        sandbox: Sandbox,
        task: PublicTask,
        workdir: Path,
        *,
        test_timeout_s: float,
        repeats: int,
        tool_output_chars: int,
        deadline: float | None = None,
    ) -> None:
        self._sandbox = sandbox
        self.deadline = deadline  # the harness's wall cap (time.monotonic), when it has one
        self.sandbox = sandbox  # agent pairs run their tools in the same sandbox
        self._workdir = workdir
        self._timeout_s = test_timeout_s
        self.repeats = max(1, repeats)  # execution repeats per check (agent submits too)
        self._visible_chars = tool_output_chars
        self.environment = workdir / "environment"
        self._target = task.run_target()  # an image task's checks run in its image
        task.copy_environment(self.environment)
        self.runs = 0  # sandbox runs paid for
        self.outputs: list[str] = []
        self._checked: Once[Check] = Once()  # agent pairs check from their own threads

    def _write(self, kind: str, files: list[SourceFile]) -> Path:
        root = self._workdir / kind / files_digest(files)
        if root.exists():
            return root
        for file in files:
            target = root.joinpath(*PurePosixPath(file.path).parts)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(file.content, encoding="utf-8")
        root.mkdir(parents=True, exist_ok=True)
        return root

    def suite_dir(self, tests: list[SourceFile]) -> Path:
        """The suite as the sandbox runs it: an agent's suite brings its own run.sh;
        a structured pair's test_*.py files get the pytest entry script."""
        root = self._write("suites", tests)
        if any(file.path == "run.sh" for file in tests):
            return root
        (root / "conftest.py").write_text(CONFTEST)
        (root / "run.sh").write_text(RUN_SH)
        (root / "run.sh").chmod(0o755)
        return root

    def repair_dir(self, repair: list[SourceFile]) -> Path:
        return self._write("repairs", repair)

    def check(self, tests: list[SourceFile], repair: list[SourceFile] | None, target: str) -> Check:
        """Run `tests` on the initial program, or on it overlaid with `repair`; an identical
        check asked before (or in flight in another pair's thread) is not run again."""
        key = (files_digest(tests), None if repair is None else files_digest(repair))
        ran, remembered = self._checked.get(key, lambda: self._run_check(tests, repair, target))
        if not remembered:
            return ran
        self.outputs.append(
            f"--- {target}: {ran.outcome.value} (the suite and program of "
            f"{ran.target}: not run again)"
        )
        return dataclasses.replace(ran, target=target, remembered=True)

    def timeout_s(self, wanted: float) -> float:
        """`wanted`, bounded by what is left of the harness's wall cap: no sandbox run
        outlives the cap. `HarnessStopped` once the cap has passed."""
        if self.deadline is None:
            return wanted
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise HarnessStopped("the harness deadline passed")
        return min(wanted, left)

    @property
    def remembered(self) -> int:
        """Checks not run again: an identical one was asked before."""
        return self._checked.remembered

    def _run_check(
        self, tests: list[SourceFile], repair: list[SourceFile] | None, target: str
    ) -> Check:
        layers = (
            (self.environment,)
            if repair is None
            else (
                self.environment,
                self.repair_dir(repair),
            )
        )
        outcomes = []
        first = None
        for _ in range(self.repeats):
            spec = RunSpec(
                app_layers=layers,
                tests_dir=self.suite_dir(tests),
                timeout_s=self.timeout_s(self._timeout_s),
                **self._target,
            )
            result = self._sandbox.run(spec)
            self.runs += 1
            outcomes.append(result.outcome)
            first = first or result
        assert first is not None
        statuses = parse_junit(first.results_xml) or ()
        failing = tuple(
            case.test_id.rsplit("::", 1)[-1]
            for case in statuses
            if case.status in (TestStatus.FAILED, TestStatus.ERROR)
        )
        output = stable_output(first.output, timing="in <time>")
        self.outputs.append(f"--- {target}: {first.outcome.value}\n{output}")
        visible = cut(output, self._visible_chars)
        return Check(
            target=target,
            outcome=first.outcome,
            reproducible=len(set(outcomes)) == 1,
            failing=failing,
            tests=len(statuses),
            visible=visible,
            truncated=len(output) > self._visible_chars,
        )
