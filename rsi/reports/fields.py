"""The field-effects figure: per strategy field, what happened to the edits proposed on it.

Left: proposed, kept, screen-failed and rejected counts as grouped horizontal bars (one
hatch per outcome besides the colour). Right: the mean minibatch gain (child minus parent
successes) of the field's screened children; fields never screened show no bar.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from matplotlib.figure import Figure

from rsi.reports.data import FieldEffect
from rsi.reports.style import (
    BLACK,
    BLUE,
    FONT_SIZE,
    GREEN,
    GREY,
    ORANGE,
    TITLE_SIZE,
    VERMILLION,
    new_figure,
)

OUTCOMES = (
    ("proposed", GREY, ""),
    ("kept", GREEN, ""),
    ("screen_failed", ORANGE, "//"),
    ("rejected", VERMILLION, "xx"),
)


def fields_figure(effects: Sequence[FieldEffect], *, partial: bool) -> Figure:
    figure = new_figure(max(3.0, 0.9 + 0.42 * len(effects)))
    counts, gains = figure.subplots(1, 2, sharey=True, width_ratios=(3, 2))
    y = np.arange(len(effects))
    height = 0.84 / len(OUTCOMES)
    for i, (name, colour, hatch) in enumerate(OUTCOMES):
        counts.barh(
            y + (i - 1.5) * height,
            [getattr(e, name) for e in effects],
            height=height,
            color=colour,
            hatch=hatch,
            edgecolor="white" if not hatch else BLACK,
            linewidth=0.3,
            label=name.replace("_", "-"),
            gid=f"count-{name}",
        )
    counts.set_yticks(y, [e.field for e in effects], fontsize=FONT_SIZE)
    counts.invert_yaxis()
    counts.set_xlabel("edits")
    counts.xaxis.get_major_locator().set_params(integer=True)
    counts.legend(fontsize=FONT_SIZE - 1, loc="lower right", frameon=False)
    counts.grid(axis="x", alpha=0.3)
    counts.set_title("Edits per field", fontsize=TITLE_SIZE, loc="left")
    gain_values = [e.mean_gain if e.mean_gain is not None else 0.0 for e in effects]
    bars = gains.barh(
        y,
        gain_values,
        height=0.6,
        color=[BLUE if v >= 0 else ORANGE for v in gain_values],
        gid="gain",
    )
    for bar, effect in zip(bars, effects, strict=True):
        if effect.mean_gain is None:
            bar.set_visible(False)
        else:
            gains.annotate(
                f"{effect.mean_gain:+.1f}",
                (effect.mean_gain, bar.get_y() + bar.get_height() / 2),
                xytext=(4 if effect.mean_gain >= 0 else -4, 0),
                textcoords="offset points",
                ha="left" if effect.mean_gain >= 0 else "right",
                va="center",
                fontsize=FONT_SIZE - 1,
            )
    gains.axvline(0, color=BLACK, linewidth=0.8)
    gains.set_xlabel("mean minibatch gain (child - parent successes)")
    gains.grid(axis="x", alpha=0.3)
    low = min([0.0, *gain_values]) - 0.6
    gains.set_xlim(low, max([0.0, *gain_values]) + 0.8)
    gains.set_title("Mean gain when screened", fontsize=TITLE_SIZE, loc="left")
    if partial:
        figure.suptitle("Field effects (partial run)", fontsize=TITLE_SIZE + 1)
    return figure
