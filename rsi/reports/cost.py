"""The cost figure: runner and judge time and model usage per phase, wall time per round.

Phases: `optimizer` (the optimizer's own model sessions), `proposal` (minibatch runs of
parent and child on the proposal split), `dev` and `release`. Runner and judge seconds come
from the trace files; model calls and tokens from the journal (zero on the offline stack,
except the scripted runner's simulated counts, which the figure labels as such). Dollars per
phase are its tokens at its scope's price (the optimizer's for `optimizer`, the generator's
for the others), from the same source as `rsi status` (`rsi.forecast.spend`); an unpriced
model says so.
"""

from __future__ import annotations

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from rsi.reports.data import CostData, PhaseCost
from rsi.reports.style import BLUE, FONT_SIZE, GREY, ORANGE, PURPLE, SKY, TITLE_SIZE, new_figure


def _tokens(value: int) -> str:
    return f"{value / 1e6:.1f}M" if value >= 1e6 else f"{value / 1e3:.0f}k" if value else "0"


def _phase_usd(cost: CostData, phase: PhaseCost) -> str:
    """The phase's dollars at its scope's price: "" when it called no model."""
    spent = cost.spend
    scope = "optimizer" if phase.phase == "optimizer" else "generator"
    if spent is None or spent.models.get(scope) is None or not phase.calls:
        return ""
    price = spent.prices.get(scope)
    if price is None:
        return "\nprice unknown"
    # "\\$": a bare "$" pair would start matplotlib's mathtext.
    return f"\n\\${price.usd(phase.input_tokens, phase.output_tokens):,.2f}"


def _spend_line(cost: CostData) -> str:
    spent = cost.spend
    if spent is None:
        return ""
    parts = [
        f"{scope} "
        + ("price unknown" if spent.usd[scope] is None else f"\\${spent.usd[scope]:,.2f}")
        for scope, model in spent.models.items()
        if model is not None
    ]
    return f"\n({', '.join(parts)})" if parts else ""


def _usage_panel(usage_ax: Axes, cost: CostData, names: list[str]) -> None:
    """Calls per phase, annotated with tokens and dollars."""
    x = np.arange(len(names))
    bars = usage_ax.bar(x, [p.calls for p in cost.phases], 0.6, color=PURPLE, gid="calls")
    for bar, phase in zip(bars, cost.phases, strict=True):
        usage_ax.annotate(
            f"in {_tokens(phase.input_tokens)}\nout {_tokens(phase.output_tokens)}"
            + _phase_usd(cost, phase),
            (bar.get_x() + bar.get_width() / 2, bar.get_height()),
            xytext=(0, 2),
            textcoords="offset points",
            ha="center",
            va="bottom",
            fontsize=FONT_SIZE - 2,
        )
    usage_ax.set_xticks(x, names, fontsize=FONT_SIZE)
    usage_ax.set_ylabel("model calls")
    usage_ax.margins(y=0.3)
    usage_ax.set_title(
        "Model calls, tokens and dollars" + _spend_line(cost),
        fontsize=TITLE_SIZE - 1,
        loc="left",
    )
    if cost.simulated_usage:
        usage_ax.text(
            0.02,
            0.97,
            "scripted runner: simulated counts,\nno model was called",
            transform=usage_ax.transAxes,
            va="top",
            fontsize=FONT_SIZE - 2,
        )


def cost_figure(cost: CostData, *, partial: bool) -> Figure:
    figure = new_figure(3.6)
    time_ax, usage_ax, wall_ax = figure.subplots(1, 3, width_ratios=(1, 1, 1.5))
    names = [p.phase for p in cost.phases]
    x = np.arange(len(names))
    time_ax.bar(
        x - 0.2, [p.runner_s for p in cost.phases], 0.4, color=BLUE, label="runner", gid="runner"
    )
    time_ax.bar(
        x + 0.2,
        [p.judge_s for p in cost.phases],
        0.4,
        color=SKY,
        hatch="//",
        edgecolor="white",
        label="judge",
        gid="judge",
    )
    time_ax.set_xticks(x, names, fontsize=FONT_SIZE)
    time_ax.set_ylabel("seconds (summed over evaluations)")
    time_ax.legend(fontsize=FONT_SIZE - 1, frameon=False)
    title = "Runner and judge time"
    if cost.untimed:
        title += f"\n({cost.untimed} evaluations without trace files)"
    time_ax.set_title(title, fontsize=TITLE_SIZE - 1, loc="left")
    _usage_panel(usage_ax, cost, names)
    labels = [label for label, _ in cost.wall_s]
    colours = [GREY if label in ("setup", "gate") else ORANGE for label in labels]
    wall_ax.bar(range(len(labels)), [s for _, s in cost.wall_s], color=colours, gid="wall")
    step = max(1, len(labels) // 20)
    wall_ax.set_xticks(range(0, len(labels), step), labels[::step], fontsize=FONT_SIZE - 1)
    wall_ax.set_ylabel("wall seconds")
    wall_ax.set_title(
        "Wall time per round" + (" (partial)" if partial else ""),
        fontsize=TITLE_SIZE - 1,
        loc="left",
    )
    for ax in (time_ax, usage_ax, wall_ax):
        ax.grid(axis="y", alpha=0.3)
    return figure
