"""The engine: the round protocol of docs/design.md section 8, driven from the journal.

The engine decides; `rsi.execution` runs and journals the evaluations it asks for, and
`rsi.screening` holds the acceptance rules and races. Imports point engine -> execution
and engine -> screening, never back (tests/test_architecture.py).

Public surface:
- `Engine`, `SearchInterrupted`, `LineageSink`: run or resume one search in a run directory;
- `build_proposer`, `load_initial`, `PROPOSERS`: the search's proposer stack (from its
  `ProposerConfig`) and initial strategy (from `[experiment]`), `stack.py`;
- `SearchParts`: what a running engine built, in one place (`parts.py`);
- `ProposalStep`, `build_context`: one proposal attempt and what a proposer may see;
- `ScreenStep`: keeping a candidate, screening a child and closing its round;
- `minibatch`, `Budget`, `StopFlag`: sampling and stop conditions;
- `read_refused`, `gate_power`, `power_warning`: admission (what refused a start, the
  gate's power at `[release] min_effect`), see `start.py`;
- `run_pilot`: `rsi pilot`, round 1's first tasks journaled in the search's own run.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rsi.lazy import lazy_exports

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


# Each public name imported from its module on first use (rsi/lazy.py): a caller of one
# name pays for its module alone.
__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "rsi.engine.loop": ("Engine", "LineageSink", "SearchInterrupted"),
        "rsi.engine.parts": ("SearchParts",),
        "rsi.engine.pilot": ("run_pilot",),
        "rsi.engine.proposal_context": ("build_context",),
        "rsi.engine.proposal_step": ("ProposalStep",),
        "rsi.engine.stack": ("PROPOSERS", "build_proposer", "load_initial"),
        "rsi.engine.sampling": ("minibatch",),
        "rsi.engine.screen_step": ("ScreenStep",),
        "rsi.engine.start": ("gate_power", "power_warning"),
        "rsi.engine.refused": ("read_refused",),
        "rsi.engine.stopping": ("Budget", "StopFlag"),
    },
)
