"""The engine: the round protocol of docs/design.md section 8, driven from the journal.

The engine decides; `rsi.execution` runs and journals the evaluations it asks for, and
`rsi.screening` holds the acceptance rules and races. Imports point engine -> execution
and engine -> screening, never back (tests/test_architecture.py).

Public surface:
- `Engine`, `SearchInterrupted`, `LineageSink`: run or resume one search in a run directory;
- `build_proposer`, `load_initial`, `PROPOSERS`: the search's proposer stack and initial
  strategy from its config (`stack.py`);
- `SearchParts`: what a running engine built, in one place (`parts.py`);
- `ProposalStep`, `build_context`: one proposal attempt and what a proposer may see;
- `ScreenStep`: keeping a candidate, screening a child and closing its round;
- `minibatch`, `Budget`, `StopFlag`: sampling and stop conditions;
- `read_refused`, `gate_power`, `power_warning`: admission (what refused a start, the
  gate's power at `[release] min_effect`), see `start.py`;
- `run_pilot`: `rsi pilot`, round 1's first tasks journaled in the search's own run.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rsi.engine.loop import Engine, LineageSink, SearchInterrupted
    from rsi.engine.parts import SearchParts
    from rsi.engine.pilot import run_pilot
    from rsi.engine.proposal_context import build_context
    from rsi.engine.proposal_step import ProposalStep
    from rsi.engine.refused import read_refused
    from rsi.engine.sampling import minibatch
    from rsi.engine.screen_step import ScreenStep
    from rsi.engine.stack import PROPOSERS, build_proposer, load_initial
    from rsi.engine.start import gate_power, power_warning
    from rsi.engine.stopping import Budget, StopFlag

# Each public name and the module defining it, imported on first use (PEP 562): a caller
# of one name pays for its module alone (`rsi status` reads a run without the engine's
# optuna, docker and numpy; rsi/cli/__init__.py).
_SOURCES: dict[str, str] = {
    "Engine": "rsi.engine.loop",
    "LineageSink": "rsi.engine.loop",
    "SearchInterrupted": "rsi.engine.loop",
    "SearchParts": "rsi.engine.parts",
    "run_pilot": "rsi.engine.pilot",
    "build_context": "rsi.engine.proposal_context",
    "ProposalStep": "rsi.engine.proposal_step",
    "PROPOSERS": "rsi.engine.stack",
    "build_proposer": "rsi.engine.stack",
    "load_initial": "rsi.engine.stack",
    "minibatch": "rsi.engine.sampling",
    "ScreenStep": "rsi.engine.screen_step",
    "gate_power": "rsi.engine.start",
    "power_warning": "rsi.engine.start",
    "read_refused": "rsi.engine.refused",
    "Budget": "rsi.engine.stopping",
    "StopFlag": "rsi.engine.stopping",
}

__all__ = [
    "PROPOSERS",
    "Budget",
    "Engine",
    "LineageSink",
    "ProposalStep",
    "ScreenStep",
    "SearchInterrupted",
    "SearchParts",
    "StopFlag",
    "build_context",
    "build_proposer",
    "gate_power",
    "load_initial",
    "minibatch",
    "power_warning",
    "read_refused",
    "run_pilot",
]


def __getattr__(name: str) -> Any:
    if name not in _SOURCES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_SOURCES[name]), name)
    globals()[name] = value  # imported once
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_SOURCES})
