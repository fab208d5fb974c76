"""Reading strategies and edits from files, with one-line errors naming file and field."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from search_space.errors import UserInputError

M = TypeVar("M", bound=BaseModel)


def describe_validation_error(error: ValidationError) -> str:
    """The first validation problem as 'field.path: reason' on one line."""
    first = error.errors()[0]
    where = ".".join(str(part) for part in first["loc"]) or "(top level)"
    message = first["msg"]
    if first["type"] == "extra_forbidden":
        message = "unknown field"
    elif first["type"] == "missing":
        message = "required field is missing"
    return f"{where}: {message}"


def read_json_file(path: Path) -> Any:
    """Parse a JSON file or raise `UserInputError` naming the file and position."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise UserInputError(error.strerror or "cannot read file", source=str(path)) from None
    except UnicodeDecodeError:
        raise UserInputError("file is not UTF-8 text", source=str(path)) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise UserInputError(
            f"malformed JSON at line {error.lineno} column {error.colno}: {error.msg}",
            source=str(path),
        ) from None


def load_model(model: type[M], path: Path) -> M:
    """Validate a JSON file against `model`; errors name the file and the field."""
    data = read_json_file(path)
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise UserInputError(describe_validation_error(error), source=str(path)) from None
