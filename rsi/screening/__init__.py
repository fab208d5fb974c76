"""Screening: which child the population keeps, and how little of its batch decides that.

Pure decisions over per-task outcomes; this package imports neither the engine nor
the execution machinery (tests/test_architecture.py), so a rule or a race is tested alone.

Public surface:
- `AcceptanceRule`, `ScreenVerdict`, `ACCEPTANCE_RULES`, `acceptance_rule`, `DEFAULT_RULE`:
  the screen's rules by name (`rules.py`, `[search] acceptance`);
- `Racing` and the race functions: stop evaluating once a decision is fixed (`race.py`,
  `[search] stop_when_decided`).
"""

from rsi.screening.race import (
    Decide,
    Decision,
    RaceResult,
    Racing,
    dev_race,
    next_wave,
    replay,
    run_race,
    screen_order,
)
from rsi.screening.rules import (
    ACCEPTANCE_RULES,
    DEFAULT_RULE,
    AcceptanceRule,
    ScreenVerdict,
    StrictMean,
    StrictNoRegression,
    StrictSum,
    acceptance_rule,
)

__all__ = [
    "ACCEPTANCE_RULES",
    "DEFAULT_RULE",
    "AcceptanceRule",
    "Decide",
    "Decision",
    "RaceResult",
    "Racing",
    "ScreenVerdict",
    "StrictMean",
    "StrictNoRegression",
    "StrictSum",
    "acceptance_rule",
    "dev_race",
    "next_wave",
    "replay",
    "run_race",
    "screen_order",
]
