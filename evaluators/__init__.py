"""How a strategy is run and judged: tasks, sandboxes, runners, judge, metrics.

The surface is the parts below. Code outside `evaluators` (`rsi`, `experiments`) imports a
name from one of them, and only a name in that part's `__all__`
(`from evaluators.judging import judge`), never a module inside a part
(`evaluators.judging.judge`); tests/test_architecture.py holds it to that.

- `tasks`: the task model, task pools (our format and Harbor's), splits, author pools;
- `harbor`: build and verify a Harbor pool's images;
- `sandbox`: run one suite against one program, isolated;
- `judging`: judge a suite on a task's targets, score it, validate a task's labels;
- `runners`: the `Runner` protocol and the built-in runners;
- `llm`: the model client, its caps, cache and replay;
- `testing`: supported doubles for users' own tests (an in-memory sandbox, a coin runner);
- `defaults`: the sandbox defaults the command line shows, importable without the rest.

Importing `evaluators` loads none of them: a part loads when first named, so `rsi.cli`
stays light. Imports `search_space` only, never `rsi`.
"""

from __future__ import annotations

import importlib
from types import ModuleType

__all__ = [
    "defaults",
    "harbor",
    "judging",
    "llm",
    "runners",
    "sandbox",
    "tasks",
    "testing",
]


def __getattr__(name: str) -> ModuleType:
    """`evaluators.<part>` loads the part on first use."""
    if name in __all__:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
