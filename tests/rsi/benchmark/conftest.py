"""Fixtures of the `rsi benchmark` tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.cli_helpers import ROOT


@pytest.fixture
def champion_file(tmp_path: Path) -> Path:
    """A strategy that differs from the initial one (its own id), standing for a champion."""
    initial = (ROOT / "experiments/strategies/initial.json").read_text()
    path = tmp_path / "champion.json"
    path.write_text(initial.replace('"contextTokens": 18000', '"contextTokens": 24000'))
    assert path.read_text() != initial
    return path
