"""The release: freeze the champion and gate it once against the initial strategy.

Public surface:
- `run_gate`, `GateReport`, `exact_mcnemar_p`, `decide`, `paired_bootstrap_diffs`: the
  one-sided exact McNemar gate with paired bootstrap intervals (docs/design.md section 9);
- `run_without_gate`: `[release] gate = "none"`, the anchors' dev argmax (ablation only);
- `load_paired_outcomes`, `PairedOutcomes`: outcome files for `rsi gate`;
- `plan_power`, `PowerPlan`: how many release tasks a gate needs;
- `gate_table`, `plan_table`, `render_markdown`, `format_p`: the gate as people read it;
- `freeze_champion`, `settle_release` (`gate_release` once there is a child to gate),
  `GateInputs`, `GateUndecided`: the end-of-search steps;
- `ReleaseLedger`, `Reservation`, `ReleaseSplitTaken`: one gate per release split.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rsi.lazy import lazy_exports

if TYPE_CHECKING:
    from rsi.release.gate import (
        GateReport,
        decide,
        exact_mcnemar_p,
        paired_bootstrap_diffs,
        run_gate,
        run_without_gate,
        validate_gate_settings,
    )
    from rsi.release.ledger import ReleaseLedger, ReleaseSplitTaken, Reservation
    from rsi.release.numbers import format_p
    from rsi.release.outcomes import PairedOutcomes, load_paired_outcomes
    from rsi.release.power import PowerPlan, plan_power
    from rsi.release.report import gate_table, plan_table, render_markdown
    from rsi.release.steps import (
        CHAMPION_FILE,
        NOTHING_TO_RELEASE,
        EvaluateMany,
        GateInputs,
        GateUndecided,
        freeze_champion,
        gate_release,
        settle_release,
    )

# Each public name by the module defining it, imported on first use (`rsi.lazy`): a caller
# of one name pays for its module alone (`rsi status` reads a run without the engine's
# optuna, docker and numpy; rsi/cli/__init__.py).
__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "rsi.release.gate": (
            "GateReport",
            "decide",
            "exact_mcnemar_p",
            "paired_bootstrap_diffs",
            "run_gate",
            "run_without_gate",
            "validate_gate_settings",
        ),
        "rsi.release.ledger": ("ReleaseLedger", "ReleaseSplitTaken", "Reservation"),
        "rsi.release.outcomes": ("PairedOutcomes", "load_paired_outcomes"),
        "rsi.release.power": ("PowerPlan", "plan_power"),
        "rsi.release.numbers": ("format_p",),
        "rsi.release.report": ("gate_table", "plan_table", "render_markdown"),
        "rsi.release.steps": (
            "CHAMPION_FILE",
            "NOTHING_TO_RELEASE",
            "EvaluateMany",
            "GateInputs",
            "GateUndecided",
            "freeze_champion",
            "gate_release",
            "settle_release",
        ),
    },
)

__all__ = [
    "CHAMPION_FILE",
    "NOTHING_TO_RELEASE",
    "EvaluateMany",
    "GateInputs",
    "GateReport",
    "GateUndecided",
    "PairedOutcomes",
    "PowerPlan",
    "ReleaseLedger",
    "ReleaseSplitTaken",
    "Reservation",
    "decide",
    "exact_mcnemar_p",
    "format_p",
    "freeze_champion",
    "gate_release",
    "gate_table",
    "load_paired_outcomes",
    "paired_bootstrap_diffs",
    "plan_power",
    "plan_table",
    "render_markdown",
    "run_gate",
    "run_without_gate",
    "settle_release",
    "validate_gate_settings",
]
