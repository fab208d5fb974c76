"""TestHelix RSI: evolve test-generation strategies and gate their release.

The Python API (`rsi.api`), loaded on first use so that `import rsi.journal` stays light:
- `rsi.search(config, run_dir=None) -> Run`: run or resume a search to its gate;
- `rsi.resume(run_dir) -> Run`, `rsi.load_run(run_dir) -> Run`: continue or read a run;
- `rsi.gate(outcomes) -> GateReport`: the release gate on paired outcomes.

Packages, imports pointing down: `cli` -> `api` -> `engine` -> `proposers`, `release`,
`lineage` -> `journal`; `config` is shared. See docs/architecture.md.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rsi.api import RoundRecord, Run, gate, load_run, resume, search

__all__ = ["RoundRecord", "Run", "gate", "load_run", "resume", "search"]
_API = frozenset(__all__)


def __getattr__(name: str) -> Any:
    if name in _API:
        return getattr(importlib.import_module("rsi.api"), name)
    raise AttributeError(f"module 'rsi' has no attribute {name!r}")
