"""Forecasting and pricing a search: `rsi plan`'s bill and the dollars every view shows.

Public surface:
- `forecast(config, measured, reused) -> Forecast`: task evaluations, model calls, tokens,
  dollars and hours per phase (proposal, dev, release), for the worst case (every task at
  its caps) and the expected case (measured usage), budget warnings and the gate's power;
- `measure`, `Measured`: per-unit usage of a journaled run; `measured_run(config, run_dir)`
  checks that the run is comparable and says which evaluations it already paid for;
- `spend`, `Spend`, `Tokens`, `scope_prices`, `scope_models`: a run's usage and dollars
  per scope (generator, optimizer), priced from the config and litellm's map; `spend_of`
  the same from each scope's model (`rsi.config.MoneyConfig`, the money caps').

A pure function of the config, the journal and the trace files: it calls no model and runs
no task. Imports `rsi.journal`, `rsi.release` (power) and `rsi.config` only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

# Imported now, not on first use: `measure` is also this module's name, and a lazy name
# would lose to the submodule once anything imported it. Light: the fold's views need it.
from rsi.forecast.measure import (
    Measured,
    Spend,
    Tokens,
    measure,
    scope_models,
    scope_prices,
    spend,
    spend_of,
    used_tokens,
)
from rsi.lazy import lazy_exports

if TYPE_CHECKING:
    from rsi.forecast.bill import forecast, gate_power
    from rsi.forecast.model import PHASES, Case, Forecast, PhaseFigures
    from rsi.forecast.source import measured_run, reused_evaluations

# Each public name by the module defining it, imported on first use (`rsi.lazy`): a caller
# of one name pays for its module alone (`rsi status` reads a run without the engine's
# optuna, docker and numpy; rsi/cli/__init__.py).
__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "rsi.forecast.bill": ("forecast", "gate_power"),
        "rsi.forecast.model": ("PHASES", "Case", "Forecast", "PhaseFigures"),
        "rsi.forecast.source": ("measured_run", "reused_evaluations"),
    },
)

__all__ = [
    "PHASES",
    "Case",
    "Forecast",
    "Measured",
    "PhaseFigures",
    "Spend",
    "Tokens",
    "forecast",
    "gate_power",
    "measure",
    "measured_run",
    "reused_evaluations",
    "scope_models",
    "scope_prices",
    "spend",
    "spend_of",
    "used_tokens",
]
