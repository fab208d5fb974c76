"""The release card figure: the paired 2x2 table, the bootstrap distribution, the decision.

Left: the 2x2 table of release outcomes (rows baseline, columns challenger), wins and
losses in their discordant cells. Right: the paired bootstrap distribution of the
challenger-minus-baseline difference in percentage points, with the 95% and 99% intervals
shaded, zero and the observed difference marked. Below: the numbers and the decision.
Before a gate is decided the card says so, and nothing else.
"""

from __future__ import annotations

import textwrap

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from rsi.forecast import Spend
from rsi.release import format_p
from rsi.reports.release_data import ReleaseCard
from rsi.reports.style import (
    BLACK,
    BLUE,
    FONT_SIZE,
    GREEN,
    GREY,
    ORANGE,
    SKY,
    TITLE_SIZE,
    VERMILLION,
    new_figure,
)


def _table(ax: Axes, card: ReleaseCard) -> None:
    report = card.report
    assert report is not None
    cells = np.array([[card.both, report.losses], [report.wins, card.neither]])
    shades = [[GREY, VERMILLION], [GREEN, GREY]]
    names = [["both solved", "losses"], ["wins", "neither solved"]]
    for row in range(2):
        for col in range(2):
            alpha = 0.85 if (row, col) in ((0, 1), (1, 0)) else 0.25
            ax.add_patch(_square(col, row, shades[row][col], alpha, gid=f"cell-{names[row][col]}"))
            ax.text(
                col + 0.5,
                row + 0.42,
                str(cells[row, col]),
                ha="center",
                va="center",
                fontsize=TITLE_SIZE + 6,
                fontweight="bold",
                color=BLACK,
            )
            ax.text(
                col + 0.5,
                row + 0.75,
                names[row][col],
                ha="center",
                va="center",
                fontsize=FONT_SIZE,
                color=BLACK,
            )
    ax.set_xlim(0, 2)
    ax.set_ylim(2, 0)
    ax.set_xticks([0.5, 1.5], ["challenger solved", "challenger failed"], fontsize=FONT_SIZE)
    ax.set_yticks([0.5, 1.5], ["baseline\nsolved", "baseline\nfailed"], fontsize=FONT_SIZE)
    ax.xaxis.tick_top()
    ax.set_aspect("equal")
    ax.set_title(f"Paired release outcomes (n = {report.n})", fontsize=TITLE_SIZE, loc="left")


def _square(x: float, y: float, colour: str, alpha: float, *, gid: str):
    from matplotlib.patches import Rectangle

    return Rectangle(
        (x, y), 1, 1, facecolor=colour, alpha=alpha, edgecolor="white", linewidth=3, gid=gid
    )


def _distribution(ax: Axes, card: ReleaseCard) -> None:
    report = card.report
    assert report is not None
    boot = card.bootstrap
    if boot is not None:
        step = 100.0 / report.n
        values = np.asarray(boot.diffs_pp)
        low, high = values.min(), values.max()
        edges = np.arange(low - step / 2, high + step, step)
        ax.hist(values, bins=edges, color=SKY, edgecolor="white", gid="bootstrap")
    for level, (a, b), alpha in (
        ("99%", report.ci99_pp, 0.12),
        ("95%", report.ci95_pp, 0.22),
    ):
        ax.axvspan(
            a,
            b,
            color=BLUE,
            alpha=alpha,
            label=f"{level} interval [{a:+.1f}, {b:+.1f}]",
            gid=f"ci{level[:2]}",
        )
    ax.axvline(0, color=BLACK, linewidth=1, gid="zero")
    ax.axvline(
        report.diff_pp,
        color=VERMILLION,
        linewidth=2,
        linestyle="--",
        label=f"observed {report.diff_pp:+.1f} pp",
        gid="observed",
    )
    ax.set_xlabel("challenger - baseline success rate (percentage points)")
    ax.set_ylabel("bootstrap resamples")
    ax.legend(fontsize=FONT_SIZE - 1, loc="upper left", frameon=False)
    if boot is None:
        note = "resamples not recomputable from this run (intervals as journaled)"
    else:
        note = f"{boot.resamples:,} paired resamples, seed {boot.seed}"
        note += "" if boot.reproduced else " (differs from the journaled intervals!)"
    ax.set_title(f"Paired bootstrap: {note}", fontsize=FONT_SIZE + 1, loc="left")


def _recomputed(card: ReleaseCard) -> str:
    """Whether the intervals were recomputed, from what, and whether they agree."""
    boot = card.bootstrap
    if boot is None:
        return "not recomputable: the release outcomes are not in this journal"
    settings = "the journal" if boot.source == "journal" else "the run's config"
    verdict = "equal to" if boot.reproduced else "DIFFER from"
    return (
        f"{boot.resamples:,} resamples, seed {boot.seed}, alpha {boot.alpha:g} "
        f"(from {settings}): {verdict} the journaled intervals"
    )


def card_lines(card: ReleaseCard) -> list[tuple[str, str]]:
    """The card's numbers as (name, value) rows; the HTML table shows the same."""
    report = card.report
    if report is None:
        return [("gate", "not decided yet")]
    return [
        ("baseline successes", f"{report.baseline_successes}/{report.n} ({card.baseline_id})"),
        (
            "challenger successes",
            f"{report.challenger_successes}/{report.n} ({card.challenger_id})",
        ),
        ("wins / losses", f"{report.wins} / {report.losses}"),
        ("difference", f"{report.diff_pp:+.1f} pp"),
        ("one-sided exact McNemar p", format_p(report.p_value)),
        (
            "95% / 99% bootstrap interval",
            f"[{report.ci95_pp[0]:+.1f}, {report.ci95_pp[1]:+.1f}] / "
            f"[{report.ci99_pp[0]:+.1f}, {report.ci99_pp[1]:+.1f}] pp",
        ),
        ("recomputed", _recomputed(card)),
        ("alpha", f"{report.alpha:g}"),
        ("decision", "PROMOTE" if report.promote else "RETAIN BASELINE"),
        ("reason", report.reason),
        ("release split", card.release_hash or "-"),
        (
            "consumed before",
            (
                "yes, by "
                + (", ".join(card.earlier_runs) or "an earlier run")
                + " (gated with --override-consumed)"
            )
            if card.consumed_before
            else "no",
        ),
        *([("spend", spend_text(card.spend))] if card.spend is not None else []),
    ]


def spend_text(spent: Spend) -> str:
    """Dollars per scope beside tokens, or why there are none."""
    parts = []
    for scope, model in spent.models.items():
        if model is None:
            continue
        tokens = spent.tokens[scope]
        usd = spent.usd[scope]
        money = "price unknown" if usd is None else f"${usd:,.2f}"
        parts.append(
            f"{scope} {money} ({tokens.calls:,.0f} calls, "
            f"{tokens.input_tokens + tokens.output_tokens:,.0f} tokens)"
        )
    return "; ".join(parts) or "no model called"


def card_figure(card: ReleaseCard, *, status: str) -> Figure:
    if card.report is None:
        # A status can be a long sentence: wrapped to the figure's width, and the figure as
        # tall as its lines (a line wider than the figure collapses the constrained layout).
        lines = ["Release gate: not decided yet.", *textwrap.wrap(f"The run is {status}.", 90)]
        figure = new_figure(max(1.6, 0.6 + 0.3 * len(lines)))
        ax = figure.add_subplot()
        ax.axis("off")
        ax.text(0.0, 0.5, "\n".join(lines), fontsize=TITLE_SIZE, va="center", gid="no-gate")
        return figure
    figure = new_figure(6.4)
    top, bottom = figure.subfigures(2, 1, height_ratios=(3.2, 2.0))
    table, distribution = top.subplots(1, 2, width_ratios=(2, 3))
    _table(table, card)
    _distribution(distribution, card)
    text = bottom.add_subplot()
    text.axis("off")
    decision = card.report.promote
    for i, (name, value) in enumerate(card_lines(card)):
        colour = (GREEN if decision else ORANGE) if name == "decision" else BLACK
        text.text(
            0.0,
            1 - i * 0.082,
            name,
            fontsize=FONT_SIZE + 0.5,
            fontweight="bold",
            va="top",
            transform=text.transAxes,
        )
        text.text(
            0.27,
            1 - i * 0.082,
            value,
            fontsize=FONT_SIZE + 0.5,
            va="top",
            color=colour,
            transform=text.transAxes,
            gid=f"line-{name}",
        )
    figure.suptitle("Release card", fontsize=TITLE_SIZE + 1)
    return figure
