"""Supported test doubles for code that uses `evaluators` (docs/how-to/test-doubles.md).

- `InMemorySandbox`: a `Sandbox` that runs nothing; each run's answer comes from a result
  or a function of the `RunSpec`, and every spec is recorded;
- `RecordingSandbox`: wraps a real sandbox, records each run, and can hold runs back or
  fail the first ones as an infrastructure failure would;
- `CoinRunner`, `coin_judge`: a `Runner` that ignores the strategy (a task is solved with
  a fixed probability, a seeded coin per strategy and task) and the judge that reads its
  coin, so a whole search runs in a fraction of a second with no sandbox.

These are part of the library's API (like httpx's `MockTransport`): the project's own tests
and benchmarks use them. Imports `evaluators.judging`, `evaluators.runners`,
`evaluators.sandbox` and `evaluators.tasks`.
"""

from __future__ import annotations

from evaluators.testing.coin import COIN_FILE, CoinRunner, coin_judge, solve_probability
from evaluators.testing.sandboxes import InMemorySandbox, RecordingSandbox, refuse

__all__ = [
    "COIN_FILE",
    "CoinRunner",
    "InMemorySandbox",
    "RecordingSandbox",
    "coin_judge",
    "refuse",
    "solve_probability",
]
