"""A Harbor task's `task.toml`, read the way Harbor reads it.

Unknown keys are ignored (Harbor's models do not forbid extras). Legacy spellings are
converted: `version` means `schema_version`, `[environment] memory = "2G"` and
`storage = "10G"` become megabytes, and the deprecated `allow_internet = false` means
`network_mode = "none"`.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from search_space import UserInputError, describe_validation_error

DEFAULT_VERIFIER_TIMEOUT_S = 600.0
DEFAULT_AGENT_TIMEOUT_S = 600.0
DEFAULT_BUILD_TIMEOUT_S = 600.0
_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([KMGT]?)i?B?\s*$", re.IGNORECASE)
_MB_PER_UNIT = {"": 1 / (1024 * 1024), "K": 1 / 1024, "M": 1, "G": 1024, "T": 1024 * 1024}


def size_to_mb(value: str | int | float) -> int:
    """`"2G"` -> 2048; a bare number is taken as megabytes, as Harbor's legacy field did."""
    if isinstance(value, int | float):
        return int(value)
    match = _SIZE.match(value)
    if match is None:
        raise ValueError(f"{value!r} is not a size such as '2G' or '512M'")
    number, unit = match.groups()
    if not unit:
        return int(float(number))
    return max(1, int(float(number) * _MB_PER_UNIT[unit.upper()]))


class _Lenient(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)


class VerifierSection(_Lenient):
    timeout_sec: float = Field(default=DEFAULT_VERIFIER_TIMEOUT_S, gt=0)
    env: dict[str, str] = Field(default_factory=dict)
    user: str | None = None


class AgentSection(_Lenient):
    timeout_sec: float = Field(default=DEFAULT_AGENT_TIMEOUT_S, gt=0)
    user: str | None = None


class EnvironmentSection(_Lenient):
    build_timeout_sec: float = Field(default=DEFAULT_BUILD_TIMEOUT_S, gt=0)
    docker_image: str | None = None
    cpus: float = Field(default=1.0, gt=0)
    memory_mb: int = Field(default=2048, gt=0)
    storage_mb: int | None = Field(default=None, gt=0)
    network_mode: str | None = None
    env: dict[str, str] = Field(default_factory=dict)
    workdir: str | None = None

    @model_validator(mode="before")
    @classmethod
    def _legacy(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        data = dict(data)
        for legacy, field in (("memory", "memory_mb"), ("storage", "storage_mb")):
            if legacy in data and field not in data:
                data[field] = size_to_mb(data.pop(legacy))
        if data.get("allow_internet") is False and "network_mode" not in data:
            data["network_mode"] = "none"
        return data


class SolutionSection(_Lenient):
    env: dict[str, str] = Field(default_factory=dict)


class PanelSection(_Lenient):
    """Our extension: the panel sizes a task declares (default: whatever is on disk)."""

    valid: int | None = Field(default=None, ge=0)
    invalid: int | None = Field(default=None, ge=0)


class TaskSection(_Lenient):
    name: str | None = None  # "org/name"


class HarborToml(_Lenient):
    """The parts of Harbor's task config this engine uses."""

    schema_version: str | None = None
    task: TaskSection = TaskSection()
    verifier: VerifierSection = VerifierSection()
    agent: AgentSection = AgentSection()
    environment: EnvironmentSection = EnvironmentSection()
    solution: SolutionSection = SolutionSection()
    panel: PanelSection = PanelSection()
    metadata: dict[str, Any] = Field(default_factory=dict)

    @model_validator(mode="before")
    @classmethod
    def _legacy_version(cls, data: Any) -> Any:
        if isinstance(data, dict) and "version" in data and "schema_version" not in data:
            data = {**data, "schema_version": str(data["version"])}
        return data


def parse_harbor_toml(raw: dict[str, Any], *, source: str) -> HarborToml:
    """Validate a parsed task.toml; `UserInputError` names the field on any defect."""
    try:
        return HarborToml.model_validate(raw)
    except ValidationError as error:
        raise UserInputError(describe_validation_error(error), source=source) from None
    except ValueError as error:  # a legacy size that does not parse
        raise UserInputError(str(error), source=source) from None
