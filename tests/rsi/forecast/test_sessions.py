"""`rsi/forecast/sessions.py`: an optimizer session is priced by its steps, its input
growing every turn; the bounds it restates are the proposer's own."""

from __future__ import annotations

import pytest

from evaluators.llm import LlmSettings
from rsi.forecast.sessions import (
    READ_CHARS,
    SESSIONS,
    TURN_MAX_TOKENS,
    attempt_tokens,
    session_tokens,
)
from rsi.proposers import reflective

SETTINGS = LlmSettings(model="openai/local-model")
STEPS = {"selection": 12, "diagnosis": 40, "reflection": 16}


def test_the_restated_bounds_are_the_proposers() -> None:
    assert (SESSIONS, READ_CHARS, TURN_MAX_TOKENS) == (
        reflective.SESSIONS,
        reflective.READ_CHARS,
        reflective.TURN_MAX_TOKENS,
    )


def test_each_turn_resends_the_conversation_so_far() -> None:
    # 3 turns opening at 100 tokens, growing by 10 a step: 100 + 110 + 120.
    assert session_tokens(3, 100, 10, 5).input_tokens == 330
    assert session_tokens(3, 100, 10, 5).output_tokens == 15


def test_twice_the_steps_cost_more_than_twice_the_input() -> None:
    once = attempt_tokens(SETTINGS, STEPS, 12_000, worst=True)
    doubled = attempt_tokens(SETTINGS, {k: 2 * v for k, v in STEPS.items()}, 12_000, worst=True)
    assert doubled.calls == pytest.approx(2 * once.calls)
    assert doubled.input_tokens > 3 * once.input_tokens  # the growth is quadratic


def test_the_estimate_sits_below_the_worst_case() -> None:
    worst = attempt_tokens(SETTINGS, STEPS, 12_000, worst=True)
    estimate = attempt_tokens(SETTINGS, STEPS, 12_000, worst=False)
    silent = attempt_tokens(SETTINGS, STEPS, 12_000, worst=False, output=False)
    assert silent.input_tokens < estimate.input_tokens < worst.input_tokens / 4
    assert silent.output_tokens == 0 and estimate.calls == 6 + 20 + 8
