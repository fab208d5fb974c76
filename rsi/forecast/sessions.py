"""What the reflective proposer's sessions cost before they run, priced by their steps.

A session is an agent conversation (`evaluators.llm.ToolSession`), not one call: each turn
sends the whole conversation so far, so its input grows with every step it took. A session
of n turns, opening with a prompt of p tokens and growing by g tokens a step (the model's
reply plus one tool output), sends n x p + g x n (n - 1) / 2 input tokens.
- Worst case: every session runs to its step cap (`[proposers.reflective] *_steps`), one
  step a turn, each step reading a whole `read_file` page (`READ_CHARS`) and writing at the
  turn's output limit, the opening prompt at its bound, and every turn tried twice (a failed
  turn is billed at its reservation before the next try).
- Estimate before any session is measured: half of each step cap, each step reading half
  a page and writing at the turn limit (none with `output` False), one try a turn. Once a
  search has run attempts, the bill uses their measured usage instead
  (`Measured.per_attempt`), which already holds the growth.
"""

from __future__ import annotations

import math

from evaluators.llm import LlmSettings
from rsi.forecast.measure import Tokens

CHARS_PER_TOKEN = 4
# The reflective sessions' bounds (rsi/proposers/reflective: `SESSIONS`, `READ_CHARS`,
# `TURN_MAX_TOKENS`), restated: the forecast prices a config, it never imports a proposer
# (tests/rsi/forecast/test_sessions.py pins them equal).
SESSIONS = ("selection", "diagnosis", "reflection")
READ_CHARS = 8_000
TURN_MAX_TOKENS = 4_096
SESSION_TRIES = 2  # a failed turn is billed at its reservation, then tried again


def session_tokens(
    turns: int, opening_tokens: float, step_growth: float, output_per_turn: float
) -> Tokens:
    """One session of `turns` turns whose input grows by `step_growth` tokens a step."""
    grown = step_growth * turns * (turns - 1) / 2
    return Tokens(
        calls=turns,
        input_tokens=turns * opening_tokens + grown,
        output_tokens=turns * output_per_turn,
    )


def attempt_tokens(
    settings: LlmSettings,
    steps: dict[str, int],
    opening_chars: int,
    *,
    worst: bool,
    output: bool = True,
) -> Tokens:
    """An attempt's three sessions (selection, diagnosis, reflection): at their step caps
    (`worst`) or at the estimate (see the module docstring)."""
    limit = min(TURN_MAX_TOKENS, settings.max_output_tokens)
    written = limit if output else 0
    page = READ_CHARS if worst else READ_CHARS / 2
    total = Tokens()
    for session in SESSIONS:
        cap = steps[session]
        turns = cap if worst else max(1, math.ceil(cap / 2))
        growth = page / CHARS_PER_TOKEN + written
        total = total + session_tokens(turns, opening_chars / CHARS_PER_TOKEN, growth, written)
    return total.times(SESSION_TRIES) if worst else total
