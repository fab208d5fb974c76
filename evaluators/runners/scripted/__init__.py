"""The scripted world: a runner that writes suites from a task's hidden author pool, with
seeded noise, so a search runs offline, deterministically and for free.

- `runner`: `ScriptedRunner`, the author who picks pool items by the strategy's skills;
- `noise`: `ScriptedSettings` and the seeded mistakes an author makes;
- `mending`: the rounds in which the author reads a failing run and repairs its draft;
- `clauses`: the instruction's clauses an item's techniques are matched against.

`evaluators.runners` re-exports `ScriptedRunner` and `ScriptedSettings`; nothing else here
is used outside this package.
"""

from __future__ import annotations

from evaluators.runners.scripted.noise import ScriptedSettings
from evaluators.runners.scripted.runner import ScriptedRunner

__all__ = ["ScriptedRunner", "ScriptedSettings"]
