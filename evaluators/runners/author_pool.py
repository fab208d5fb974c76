"""The scripted author's hidden material: `author/pool.toml` and its item files."""

from __future__ import annotations

import sys
from enum import Enum
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from search_space.errors import UserInputError
from search_space.io import describe_validation_error

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


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError as error:
        raise UserInputError(error.strerror or "cannot read file", source=str(path)) from None


def load_author_pool(author_dir: Path) -> AuthorPool:
    """Load and check a pool; `UserInputError` names the file and field on any defect."""
    toml_path = author_dir / "pool.toml"
    try:
        raw = tomllib.loads(_read(toml_path))
        parsed = _PoolToml.model_validate(raw)
    except tomllib.TOMLDecodeError as error:
        raise UserInputError(f"malformed TOML: {error}", source=str(toml_path)) from None
    except ValidationError as error:
        raise UserInputError(describe_validation_error(error), source=str(toml_path)) from None
    if "module" not in parsed.author:
        raise UserInputError("author.module: required field is missing", source=str(toml_path))
    items = []
    seen: set[str] = set()
    for item in parsed.item:
        if item.id in seen:
            raise UserInputError(f"item {item.id!r} repeats", source=str(toml_path))
        seen.add(item.id)
        repaired = _read(author_dir / item.repaired) if item.repaired else None
        items.append(
            item.model_copy(
                update={"source": _read(author_dir / item.file), "repaired_source": repaired}
            )
        )
    return AuthorPool(module=parsed.author["module"], items=tuple(items))
