"""Harbor task directories as tasks (DESIGN.md section 4, issue 27).

Layout: `instruction.md`, `task.toml`, `environment/` (a `Dockerfile`, or
`[environment] docker_image`), `solution/solve.sh`, `tests/test.sh`, and our optional
extensions `panel/{valid,invalid}/<name>/solve.sh` and `author/`.

- The id is `[task] name` with `/` as `__` (`org/name` -> `org__name`), else the directory
  name; characters outside the id rule become `-`.
- The family is `[metadata] family`, else the dataset folder the task came from.
- A `HarborTask` is a `Task` whose targets are images; `images` is filled in by
  `evaluators.harbor.build_pool` and stays `None` until then.
"""

from __future__ import annotations

import re
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from evaluators.tasks.harbor_spec import HarborToml, parse_harbor_toml
from evaluators.tasks.model import TASK_ID, PanelLabel, PublicFile, PublicTask, Task, read_task_toml
from search_space import Context, UserInputError

SOLVE_SCRIPT = "solve.sh"
TEST_SCRIPT = "test.sh"
_CANARY = re.compile(r"^\s*(#|<!--|//).*canary", re.IGNORECASE)
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


class PanelImage(BaseModel):
    """One panel member's committed image."""

    model_config = ConfigDict(frozen=True)

    label: PanelLabel
    name: str
    image: str


class HarborImages(BaseModel):
    """The built targets of one task, and what built them."""

    model_config = ConfigDict(frozen=True)

    initial: str
    reference: str
    panel: tuple[PanelImage, ...]
    workdir: str  # the initial image's working directory: `$APP_DIR` for every target
    path: str  # the initial image's PATH
    base_map: tuple[tuple[str, str], ...]  # (FROM reference, local image) actually used


class HarborTask(Task):
    """A Harbor task; hidden paths included, so never give it to a runner."""

    harbor: HarborToml
    dataset: str
    images: HarborImages | None = None
    public_files: tuple[PublicFile, ...] | None = None  # the initial workdir, once built

    @property
    def dockerfile(self) -> Path:
        return self.environment_dir / "Dockerfile"

    @property
    def solve_script(self) -> Path:
        return self.solution_dir / SOLVE_SCRIPT

    @property
    def test_script(self) -> Path:
        return self.tests_dir / TEST_SCRIPT

    def instruction(self) -> str:
        """instruction.md with Harbor's canary comment lines stripped."""
        try:
            text = self.instruction_path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise UserInputError(
                f"cannot read instruction: {error}", source=str(self.instruction_path)
            ) from None
        kept = [line for line in text.splitlines(keepends=True) if not _CANARY.match(line)]
        return "".join(kept).lstrip("\n")

    def public(self) -> PublicTask:
        """Instruction plus the public files of the initial image's working directory."""
        if self.public_files is None:
            raise UserInputError(
                "images not built; run `rsi tasks build` on its pool", source=f"task {self.id}"
            )
        return PublicTask(
            id=self.id,
            context=self.context,
            language=self.language,
            agent_timeout_s=self.agent_timeout_s,
            verifier_timeout_s=self.verifier_timeout_s,  # the harness's test-timeout cap
            instruction=self.instruction(),
            files=self.public_files,
            image=self.images.initial if self.images else None,
            app_dir=self.images.workdir if self.images else None,
            path=self.images.path if self.images else None,
        )


def is_harbor_dir(directory: Path) -> bool:
    """A task directory in Harbor's layout rather than ours (which has `tests/run.sh`)."""
    if not (directory / "task.toml").is_file() or (directory / "tests" / "run.sh").is_file():
        return False
    return any(
        (directory / marker).exists()
        for marker in ("tests/test.sh", "solution/solve.sh", "environment/Dockerfile")
    )


def harbor_task_id(config: HarborToml, directory: Path) -> str:
    """`org/name` -> `org__name`; without a name, the directory's name; always id-safe."""
    raw = config.task.name.replace("/", "__") if config.task.name else directory.name
    safe = _UNSAFE.sub("-", raw).strip("-._") or "task"
    if not TASK_ID.fullmatch(safe):  # a leading '-', '.' or '_' was stripped above
        safe = f"t{safe}"
    return safe


def _context(config: HarborToml) -> Context:
    named = config.metadata.get("context")
    try:
        return Context(named) if isinstance(named, str) else Context.GENERAL
    except ValueError:
        return Context.GENERAL


def _require(directory: Path, config: HarborToml) -> None:
    missing = [
        name
        for name, present in (
            ("instruction.md", (directory / "instruction.md").is_file()),
            (f"tests/{TEST_SCRIPT}", (directory / "tests" / TEST_SCRIPT).is_file()),
            (f"solution/{SOLVE_SCRIPT}", (directory / "solution" / SOLVE_SCRIPT).is_file()),
            (
                "environment/Dockerfile (or [environment] docker_image)",
                config.environment.docker_image is not None
                or (directory / "environment" / "Dockerfile").is_file(),
            ),
        )
        if not present
    ]
    if missing:
        raise UserInputError(f"{', '.join(missing)} missing", source=str(directory))
    for label in PanelLabel:
        folder = directory / "panel" / label.value
        for member in sorted(folder.iterdir()) if folder.is_dir() else []:
            if member.is_dir() and not (member / SOLVE_SCRIPT).is_file():
                raise UserInputError(f"{SOLVE_SCRIPT} missing", source=str(member))


def load_harbor_task(directory: Path, *, dataset: str) -> HarborTask:
    """Load one Harbor task directory; `UserInputError` names what is missing or malformed."""
    toml_path = directory / "task.toml"
    config = parse_harbor_toml(read_task_toml(toml_path), source=str(toml_path))
    _require(directory, config)
    family = config.metadata.get("family")
    language = config.metadata.get("language")
    task = HarborTask(
        id=harbor_task_id(config, directory),
        context=_context(config),
        family=str(family) if family else dataset,
        source=f"harbor:{dataset}",
        language=str(language) if language else "unknown",
        verifier_timeout_s=config.verifier.timeout_sec,
        agent_timeout_s=config.agent.timeout_sec,
        image=None,
        cpus=config.environment.cpus,
        memory_mb=config.environment.memory_mb,
        panel_valid=0,
        panel_invalid=0,
        root=directory.resolve(),
        harbor=config,
        dataset=dataset,
    )
    members = task.panel_members()
    found_valid = sum(m.label is PanelLabel.VALID for m in members)
    found_invalid = len(members) - found_valid
    declared = config.panel
    return task.model_copy(
        update={
            "panel_valid": found_valid if declared.valid is None else declared.valid,
            "panel_invalid": found_invalid if declared.invalid is None else declared.invalid,
        }
    )
