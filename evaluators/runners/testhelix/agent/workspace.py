"""A pair's workspace and the tools its agent uses (paper Section 3.1: isolated agents).

Layout under the pair's directory: `app/` (a fresh copy of the public program, which the
agent edits into its repair), `tests/` (the suite: an entry script `run.sh` in any
language and its files) and `.initial/` (the untouched program, never shown). Tools:
- `list_files(path)` and `read_file(path)`: paths are relative to the workspace and must
  stay inside `app/` or `tests/` once resolved (`..`, absolute paths and symlinks out are
  refused); output is cut to `toolOutputChars`;
- `write_file(path, content)`: a file of the suite (`tests/...`) or of the repair
  (`app/...`);
- `run(command, target)`: `command` runs in the sandbox that judges suites (no network,
  the task's time limit; a Harbor task's image when it has one, as the judge runs it),
  with cwd `$APP_DIR` = the repaired program (`target="repair"`), the initial one
  (`"initial"`) or a peer repair a challenge shows (`"a"`, `"b"`: `add_program`, readable
  under `repairs/<name>/`), and `$TESTS_DIR` = the suite, as the judge lays them out;
  output cut to `toolOutputChars`; a run never outlives the harness's wall cap (its
  timeout is what is left of it when that is shorter);
- `submit()`: the harness's consistency check (the suite fails on the initial program and
  passes on the repair); see `agent/loop.py`.
Nothing hidden is ever in the workspace: it is built from the `PublicTask` alone.
"""

from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path, PurePosixPath

from evaluators.runners.testhelix.execution import cut
from evaluators.runners.testhelix.signatures import SourceFile
from evaluators.sandbox import RunResult, RunSpec, Sandbox
from evaluators.tasks import PublicTask
from search_space import RsiError

AREAS = ("app", "tests")
MAX_WRITE_CHARS = 200_000
WRAPPER = 'export TESTS_DIR="$TESTS_DIR/suite"\ncd "$APP_DIR"\n'


class ToolRefused(RsiError, ValueError):
    """A tool call the workspace refuses (a path outside it, a missing file, ...)."""


class AgentWorkspace:
    """One pair's files and the sandbox it runs commands in."""

    def __init__(
        self,
        root: Path,
        task: PublicTask,
        sandbox: Sandbox,
        *,
        output_chars: int,
        test_timeout_s: float,
        deadline: float | None = None,
    ) -> None:
        self.root = root
        self.deadline = deadline  # the harness's wall cap (time.monotonic)
        self.sandbox = sandbox
        self.output_chars = output_chars
        self.test_timeout_s = test_timeout_s
        self.target = task.run_target()  # an image task's commands run in its image
        self.areas: tuple[str, ...] = AREAS
        self.programs: dict[str, Path] = {}
        task.copy_environment(root / "app")
        task.copy_environment(root / ".initial")
        (root / "tests").mkdir(parents=True, exist_ok=True)

    # -- paths --------------------------------------------------------------------------
    def resolve(self, path: str) -> Path:
        """`path` inside `app/` or `tests/`, or `ToolRefused`."""
        pure = PurePosixPath(path.strip() or ".")
        if pure.is_absolute() or ".." in pure.parts:
            raise ToolRefused(f"{path}: only paths inside app/ or tests/ are allowed")
        target = (self.root / pure).resolve()
        root = self.root.resolve()
        if target == root:
            return target
        if not any(target.is_relative_to(root / area) for area in self.areas):
            raise ToolRefused(f"{path}: only paths inside app/ or tests/ are allowed")
        return target

    # -- tools --------------------------------------------------------------------------
    def list_files(self, path: str = ".") -> str:
        base = self.resolve(path)
        if not base.is_dir():
            raise ToolRefused(f"{path}: not a directory")
        root = self.root.resolve()
        names = []
        for item in sorted(base.rglob("*")):
            relative = item.relative_to(root)
            if relative.parts[0] not in self.areas or item.is_symlink() or not item.is_file():
                continue
            names.append(f"{relative.as_posix()} ({item.stat().st_size} bytes)")
        return cut("\n".join(names) or "(no files)", self.output_chars)

    def read_file(self, path: str) -> str:
        target = self.resolve(path)
        if target.is_symlink() or not target.is_file():
            raise ToolRefused(f"{path}: no such file")
        text = target.read_bytes().decode("utf-8", errors="replace")
        return cut(text, self.output_chars)

    def write_file(self, path: str, content: str) -> str:
        target = self.resolve(path)
        if target == self.root.resolve() or target.is_dir():
            raise ToolRefused(f"{path}: name a file inside app/ or tests/")
        if len(content) > MAX_WRITE_CHARS:
            raise ToolRefused(f"{path}: more than {MAX_WRITE_CHARS} characters")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(content, encoding="utf-8")
        if target.name.endswith(".sh"):
            target.chmod(0o755)
        return f"wrote {path} ({len(content)} chars)"

    def add_program(self, name: str, repair: list[SourceFile]) -> None:
        """Show a peer's repair (a challenge): readable under `repairs/<name>/`, runnable
        as `run(..., target=name)` over the initial program."""
        folder = self.root / "repairs" / name
        for file in repair:
            path = folder.joinpath(*PurePosixPath(file.path).parts)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(file.content, encoding="utf-8")
        folder.mkdir(parents=True, exist_ok=True)
        self.programs[name] = folder
        self.areas = (*AREAS, "repairs")

    def layers(self, target: str) -> tuple[Path, ...]:
        """The program `target` names, as the sandbox's app layers."""
        if target == "repair":
            return (self.root / "app",)
        if target == "initial":
            return (self.root / ".initial",)
        if target in self.programs:
            return (self.root / ".initial", self.programs[target])
        names = ", ".join(repr(n) for n in ("repair", "initial", *self.programs))
        raise ToolRefused(f"target {target!r}: use one of {names}")

    def spec(self, target: str, tests_dir: Path) -> RunSpec:
        """A run of `target`, timed out at the suite timeout or at what is left of the
        harness's wall cap, whichever comes first; refused once the cap has passed."""
        timeout = self.test_timeout_s
        if self.deadline is not None:
            left = self.deadline - time.monotonic()
            if left <= 0:
                raise ToolRefused("the harness deadline passed")
            timeout = min(timeout, left)
        return RunSpec(
            app_layers=self.layers(target), tests_dir=tests_dir, timeout_s=timeout, **self.target
        )

    def run(self, command: str, target: str = "repair") -> RunResult:
        """`command` in the sandbox on the program `target` names."""
        self.layers(target)  # refuse an unknown target before any work
        with tempfile.TemporaryDirectory(prefix="agent-run-", dir=self.root) as scratch:
            runner = Path(scratch)
            shutil.copytree(self.root / "tests", runner / "suite")
            (runner / "run.sh").write_text(WRAPPER + command + "\n", encoding="utf-8")
            return self.sandbox.run(self.spec(target, runner))

    def shown(self, result: RunResult) -> str:
        return self.shown_text(f"outcome: {result.outcome.value}\n{result.output}")

    def shown_text(self, text: str) -> str:
        """`text` as the model may see it: cut to `toolOutputChars`."""
        return cut(text, self.output_chars)

    # -- what the pair submits -----------------------------------------------------------
    def suite(self) -> list[SourceFile]:
        return _files(self.root / "tests")

    def repair(self) -> list[SourceFile]:
        """Files of `app/` that differ from (or are new to) the initial program."""
        initial = {f.path: f.content for f in _files(self.root / ".initial")}
        return [f for f in _files(self.root / "app") if initial.get(f.path) != f.content]


def _files(root: Path) -> list[SourceFile]:
    """The files under `root`. Built unvalidated: an agent suite's own `run.sh`, which the
    structured replies may not name, is its entry script (the workspace checked paths)."""
    files = []
    for path in sorted(root.rglob("*")):
        if path.is_file() and not path.is_symlink():
            text = path.read_bytes().decode("utf-8", errors="replace")
            relative = path.relative_to(root).as_posix()
            files.append(SourceFile.model_construct(path=relative, content=text))
    return files
