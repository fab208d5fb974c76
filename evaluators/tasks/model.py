"""Tasks on disk (docs/design.md section 4, experiments/tasks/FORMAT.md) and their public view.

A `Task` knows every path of a task directory, hidden ones included; it is for the judge and
the validator. A runner gets only a `PublicTask`: id, context, instruction and an in-memory
snapshot of `environment/`, with no path into the task directory.
"""

from __future__ import annotations

import re
import sys
from enum import Enum
from pathlib import Path, PurePosixPath
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from search_space import Context, UserInputError, describe_validation_error

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.10 only
    import tomli as tomllib

# Safe as a path component and inside journal ops, which join fields with ':'.
TASK_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")
TASK_ID_RULE = "a letter or digit, then letters, digits, '.', '_' or '-'"
DEFAULT_PANEL_VALID = 4
DEFAULT_PANEL_INVALID = 5
MAX_ENVIRONMENT_BYTES = 16 * 1024 * 1024


class _TaskSection(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    context: Context
    family: str | None = None
    source: str
    language: str


class _Timeout(BaseModel):
    timeout_sec: float = Field(gt=0)


class _Environment(BaseModel):
    image: str | None = None
    cpus: float = Field(default=1.0, gt=0)
    memory_mb: int = Field(default=512, gt=0)


class _Panel(BaseModel):
    model_config = ConfigDict(extra="forbid")

    valid: int = Field(default=DEFAULT_PANEL_VALID, ge=0)
    invalid: int = Field(default=DEFAULT_PANEL_INVALID, ge=0)


class _TaskToml(BaseModel):
    """task.toml; unknown top-level tables are ignored for Harbor compatibility."""

    task: _TaskSection
    verifier: _Timeout
    agent: _Timeout
    environment: _Environment = _Environment()
    panel: _Panel = _Panel()


class PanelLabel(str, Enum):
    VALID = "valid"
    INVALID = "invalid"


class PanelMember(BaseModel):
    """One labelled overlay under `panel/<label>/<name>/`."""

    model_config = ConfigDict(frozen=True)

    label: PanelLabel
    name: str
    path: Path


class Task(BaseModel):
    """A task directory with its settings. Holds hidden paths: never give it to a runner."""

    model_config = ConfigDict(frozen=True)

    id: str
    context: Context
    family: str
    source: str
    language: str
    verifier_timeout_s: float
    agent_timeout_s: float
    image: str | None
    cpus: float
    memory_mb: int
    panel_valid: int  # declared panel sizes, beyond the reference
    panel_invalid: int
    root: Path

    @property
    def instruction_path(self) -> Path:
        return self.root / "instruction.md"

    @property
    def environment_dir(self) -> Path:
        return self.root / "environment"

    @property
    def solution_dir(self) -> Path:
        return self.root / "solution"

    @property
    def tests_dir(self) -> Path:
        return self.root / "tests"

    @property
    def panel_dir(self) -> Path:
        return self.root / "panel"

    @property
    def author_dir(self) -> Path:
        return self.root / "author"

    @property
    def examples_dir(self) -> Path:
        return self.root / "examples"

    def panel_members(self) -> tuple[PanelMember, ...]:
        """The overlays on disk, valid first, each label sorted by name."""
        members: list[PanelMember] = []
        for label in PanelLabel:
            folder = self.panel_dir / label.value
            if folder.is_dir():
                members.extend(
                    PanelMember(label=label, name=entry.name, path=entry)
                    for entry in sorted(folder.iterdir())
                    if entry.is_dir() and not entry.name.startswith(".")
                )
        return tuple(members)

    def public(self) -> PublicTask:
        """The runner's view: id, context, instruction and a snapshot of environment/."""
        try:
            instruction = self.instruction_path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise UserInputError(
                f"cannot read instruction: {error}", source=str(self.instruction_path)
            ) from None
        return PublicTask(
            id=self.id,
            context=self.context,
            language=self.language,
            agent_timeout_s=self.agent_timeout_s,
            instruction=instruction,
            files=snapshot_dir(self.environment_dir),
            verifier_timeout_s=self.verifier_timeout_s,
        )


class PublicFile(BaseModel):
    model_config = ConfigDict(frozen=True)

    path: str  # relative POSIX path
    content: bytes
    executable: bool = False
    omitted: str | None = None  # listed but not shown (binary, too large): why; content empty


class PublicTask(BaseModel):
    """What a runner may see. It holds bytes, not paths: nothing hidden is reachable."""

    model_config = ConfigDict(frozen=True)

    id: str
    context: Context
    language: str
    agent_timeout_s: float
    instruction: str
    files: tuple[PublicFile, ...]
    # Where the program runs, for an image task (a Harbor task): its initial image, the
    # working directory there (`$APP_DIR`) and the image's PATH. Runners pass them on to
    # their own sandbox runs (`run_target`) so their checks see what the judge's runs see.
    image: str | None = None
    app_dir: str | None = None
    path: str | None = None

    def run_target(self) -> dict[str, str | None]:
        """`RunSpec` fields that place a runner's check where the judge runs suites."""
        return {"image": self.image, "app_dir": self.app_dir, "path": self.path}

    verifier_timeout_s: float | None = None  # the task's public test timeout

    def copy_environment(self, workdir: Path) -> None:
        """Write the initial program into `workdir` (created if needed)."""
        workdir.mkdir(parents=True, exist_ok=True)
        for item in self.files:
            if item.omitted is not None:
                continue
            target = workdir.joinpath(*PurePosixPath(item.path).parts)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(item.content)
            target.chmod(0o755 if item.executable else 0o644)


def snapshot_dir(root: Path) -> tuple[PublicFile, ...]:
    """Read every regular file under `root` into memory, sorted by path.

    Symlinks are refused (one could point at hidden material), as is a tree larger than
    `MAX_ENVIRONMENT_BYTES`.
    """
    files: list[PublicFile] = []
    total = 0
    for path in sorted(root.rglob("*")):
        relative = path.relative_to(root).as_posix()
        if path.is_symlink():
            raise UserInputError("symlinks are not allowed in environment/", source=str(path))
        if "__pycache__" in path.parts or not path.is_file():
            continue
        content = path.read_bytes()
        total += len(content)
        if total > MAX_ENVIRONMENT_BYTES:
            raise UserInputError(
                f"environment/ exceeds {MAX_ENVIRONMENT_BYTES} bytes", source=str(root)
            )
        files.append(
            PublicFile(path=relative, content=content, executable=bool(path.stat().st_mode & 0o111))
        )
    return tuple(files)


def read_task_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError:
        raise UserInputError("task.toml is missing", source=str(path)) from None
    except OSError as error:
        raise UserInputError(error.strerror or "cannot read file", source=str(path)) from None
    except tomllib.TOMLDecodeError as error:
        raise UserInputError(f"malformed TOML: {error}", source=str(path)) from None


def load_task(directory: Path) -> Task:
    """Load one task directory; `UserInputError` names the file and field on any defect."""
    toml_path = directory / "task.toml"
    try:
        config = _TaskToml.model_validate(read_task_toml(toml_path))
    except ValidationError as error:
        raise UserInputError(describe_validation_error(error), source=str(toml_path)) from None
    section = config.task
    if not TASK_ID.fullmatch(section.id):
        raise UserInputError(
            f"task.id: {section.id!r} is not allowed; a task id is {TASK_ID_RULE}",
            source=str(toml_path),
        )
    if section.id != directory.name:
        raise UserInputError(
            f"task.id: {section.id!r} differs from the directory name {directory.name!r}",
            source=str(toml_path),
        )
    for required in ("instruction.md", "environment", "solution", "tests"):
        path = directory / required
        exists = path.is_file() if required.endswith(".md") else path.is_dir()
        if not exists or path.is_symlink():
            raise UserInputError(f"{required} is missing", source=str(directory))
    if not (directory / "tests" / "run.sh").is_file():
        raise UserInputError("tests/run.sh is missing", source=str(directory))
    return Task(
        id=section.id,
        context=section.context,
        family=section.family or section.id,
        source=section.source,
        language=section.language,
        verifier_timeout_s=config.verifier.timeout_sec,
        agent_timeout_s=config.agent.timeout_sec,
        image=config.environment.image,
        cpus=config.environment.cpus,
        memory_mb=config.environment.memory_mb,
        panel_valid=config.panel.valid,
        panel_invalid=config.panel.invalid,
        root=directory.resolve(),
    )
