"""`rsi.errors` is light to import and its root catches the library's errors
(tests/test_architecture.py checks that it re-exports every class)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import rsi.errors
from rsi.config import load_config


def test_importing_the_errors_module_loads_only_the_root() -> None:
    """`from rsi.errors import RsiError` stays as light as `search_space`."""
    code = (
        "import sys, rsi.errors; print(sorted(m for m in sys.modules"
        " if m.split('.')[0] in {'evaluators', 'docker', 'dspy', 'mlflow', 'optuna'}"
        " or (m.startswith('rsi.') and m != 'rsi.errors')))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert loaded.stdout.strip() == "[]"


def test_a_user_error_is_caught_by_the_public_root(tmp_path: Path) -> None:
    config = tmp_path / "bad.toml"
    config.write_text("[experiment]\nseed = 'forty-two'\n")
    with pytest.raises(rsi.errors.RsiError) as caught:
        load_config(config)
    assert isinstance(caught.value, rsi.errors.UserInputError)
    assert str(config) in str(caught.value) and "\n" not in str(caught.value)
    with pytest.raises(AttributeError):
        rsi.errors.NotAnError  # noqa: B018
