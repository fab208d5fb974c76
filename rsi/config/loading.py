"""`load_config`: an experiment TOML file into an `ExperimentConfig`, light to import.

A file that cannot be read or parsed is a user error raised before the config's models
(and the evaluators' settings behind them) are imported, so `rsi search absent.toml`
says so at once; the models are imported to validate a file that parsed.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from search_space import UserInputError

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

if TYPE_CHECKING:
    from rsi.config.experiment import ExperimentConfig


def load_config(path: Path) -> ExperimentConfig:
    """Parse and validate an experiment TOML file (`UserInputError` naming the file, the
    key and the reason when it cannot be read, parsed or validated)."""
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise UserInputError(error.strerror or "cannot read file", source=str(path)) from None
    except tomllib.TOMLDecodeError as error:
        raise UserInputError(f"malformed TOML: {error}", source=str(path)) from None
    from rsi.config.experiment import config_from_toml

    return config_from_toml(raw, path)
