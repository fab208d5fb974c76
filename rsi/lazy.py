"""Lazy exports for a package's `__init__` (PEP 562): each public name is imported from
its module when it is first read, so a caller of one name pays for that module alone
(`rsi status` and `rsi --help` start without the engine's optuna, docker and numpy).

    __getattr__, __dir__ = lazy_exports(__name__, {"rsi.release.gate": ("GateReport",)})

- a name is imported once: its value is then set on the package, and read from there;
- a name no module lists raises `AttributeError`, as a missing attribute does;
- `dir(package)` lists the lazy names beside what the package holds already.

Static type checkers and IDEs read the same names from an `if TYPE_CHECKING:` block of
imports in the package, which the package keeps beside its call of `lazy_exports`.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterable, Mapping
from typing import Any


def lazy_exports(
    package: str, sources: Mapping[str, Iterable[str]]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The `__getattr__` and `__dir__` of `package`, exporting each module's names in
    `sources` (module -> names), imported on first use."""
    module_of = {name: module for module, names in sources.items() for name in names}

    def __getattr__(name: str) -> Any:
        if name not in module_of:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module_of[name]), name)
        setattr(sys.modules[package], name, value)  # imported once
        return value

    def __dir__() -> list[str]:
        return sorted({*vars(sys.modules[package]), *module_of})

    return __getattr__, __dir__
