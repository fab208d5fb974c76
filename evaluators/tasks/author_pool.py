"""The scripted author's hidden material: `author/pool.toml` and its item files."""

from __future__ import annotations

import sys
from enum import Enum
from pathlib import Path
from typing import Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from evaluators.tasks.task_set import TaskSet
from search_space import UserInputError, describe_validation_error

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib


class Technique(str, Enum):
    BASIC = "basic"
    BOUNDARY = "boundary"
    ERROR = "error"
    INVARIANT = "invariant"
    STATEFUL = "stateful"
    CLI = "cli"
    PERFORMANCE = "performance"
    FRAMEWORK = "framework"
    ORACLE = "oracle"
    RENDERING = "rendering"


# The generation skill that teaches each technique (search_space.skills).
SKILL_TECHNIQUE: dict[str, Technique] = {
    "boundary-inputs": Technique.BOUNDARY,
    "error-contracts": Technique.ERROR,
    "invariants": Technique.INVARIANT,
    "stateful-sequences": Technique.STATEFUL,
    "cli-output": Technique.CLI,
    "performance-budgets": Technique.PERFORMANCE,
    "framework-contracts": Technique.FRAMEWORK,
    "differential-oracle": Technique.ORACLE,
    "text-rendering": Technique.RENDERING,
}


class AuthorItem(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")
    clause: int = Field(ge=1)
    technique: Technique
    cost: int = Field(ge=1, le=4)
    flaw: Literal["none", "overfit", "weak", "broken"]
    file: str
    repaired: str | None = None
    source: str = ""  # file content, filled on load
    repaired_source: str | None = None

    @property
    def test_name(self) -> str:
        return "test_" + self.id.replace("-", "_")


class AuthorPool(BaseModel):
    model_config = ConfigDict(frozen=True)

    module: str
    items: tuple[AuthorItem, ...]


class _PoolToml(BaseModel):
    model_config = ConfigDict(extra="forbid")

    author: dict[str, str]
    item: list[AuthorItem]
    design: dict[str, object] | None = None  # corpus analysis metadata; never read here


def _item_path(author_dir: Path, item: AuthorItem, field: str, where: str) -> Path:
    """The file an item's `field` names, refused unless it stays inside `author/`.

    Resolved first, so `..` and symlinks count: a pool must never read hidden references.
    """
    named = str(getattr(item, field))
    path = (author_dir / named).resolve()
    if path == author_dir.resolve() or not path.is_relative_to(author_dir.resolve()):
        raise UserInputError(
            f"item {item.id!r}: {field} = {named!r} leaves author/; "
            "pool files must stay inside author/",
            source=where,
        )
    return path


def _read(author_dir: Path, path: Path, task: str) -> str:
    """A pool file's text; an error names it relative to the task, never as a host path."""
    shown = f"author/{path.relative_to(author_dir.resolve()).as_posix()}"
    try:
        return path.read_text(encoding="utf-8")
    except OSError as error:
        raise UserInputError(
            error.strerror or "cannot read file", source=f"task {task}: {shown}"
        ) from None
    except UnicodeDecodeError:
        raise UserInputError("file is not UTF-8 text", source=f"task {task}: {shown}") from None


def load_author_pool(author_dir: Path) -> AuthorPool:
    """Load and check a pool; `UserInputError` names the task, the file and the field.

    Errors reach traces and proposers, so they name files relative to the task directory
    (`author/items/x.py`), never by host path. Every item's `file` and `repaired` must
    resolve inside `author/`.
    """
    task = author_dir.parent.name
    where = f"task {task}: author/pool.toml"
    try:
        raw = tomllib.loads(_read(author_dir, author_dir.resolve() / "pool.toml", task))
        parsed = _PoolToml.model_validate(raw)
    except tomllib.TOMLDecodeError as error:
        raise UserInputError(f"malformed TOML: {error}", source=where) from None
    except ValidationError as error:
        raise UserInputError(describe_validation_error(error), source=where) from None
    if "module" not in parsed.author:
        raise UserInputError("author.module: required field is missing", source=where)
    items = []
    seen: set[str] = set()
    for item in parsed.item:
        if item.id in seen:
            raise UserInputError(f"item {item.id!r} repeats", source=where)
        seen.add(item.id)
        paths = {
            field: _item_path(author_dir, item, field, where)
            for field in ("file", "repaired")
            if getattr(item, field) is not None
        }
        update = {"source": _read(author_dir, paths["file"], task), "repaired_source": None}
        if "repaired" in paths:
            update["repaired_source"] = _read(author_dir, paths["repaired"], task)
        items.append(item.model_copy(update=update))
    return AuthorPool(module=parsed.author["module"], items=tuple(items))


class PoolProvider(Protocol):
    """Where a runner gets each task's author pool."""

    def pool_for(self, task_id: str) -> AuthorPool: ...


class TaskDirPools:
    """Reads only `<task>/author/` of each task in a TaskSet."""

    def __init__(self, tasks: TaskSet) -> None:
        self._dirs = {task.id: task.author_dir for task in tasks.tasks}
        self._cache: dict[str, AuthorPool] = {}

    def pool_for(self, task_id: str) -> AuthorPool:
        if task_id not in self._cache:
            self._cache[task_id] = load_author_pool(self._dirs[task_id])
        return self._cache[task_id]
