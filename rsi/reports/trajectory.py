"""The trajectory figure: the minibatch screen of each round and the dev RAR of the kept.

Top: per round, parent and child minibatch successes joined by a line, the child's marker
saying the screen verdict; a cross under the axis for each round with attempts rejected
before evaluation (with their count). Bottom: the dev RAR of every kept candidate at the
round it was kept, the running champion (the best dev RAR so far) and the initial
strategy's dev RAR as the baseline. Artists carry a `gid` so tests can count them.
"""

from __future__ import annotations

from collections.abc import Sequence

from matplotlib.axes import Axes
from matplotlib.figure import Figure

from rsi.reports.data import KeptPoint, ReportData, RoundPoint
from rsi.reports.style import (
    BLACK,
    BLUE,
    FONT_SIZE,
    GREEN,
    ORANGE,
    SKY,
    TITLE_SIZE,
    VERMILLION,
    new_figure,
)


def running_best(kept: Sequence[KeptPoint], last_round: int) -> list[tuple[int, float]]:
    """(round, best dev RAR kept up to that round) for rounds 0..last_round, in percent."""
    points = []
    for r in range(last_round + 1):
        scored = [k.dev_rar for k in kept if k.round <= r and k.dev_rar is not None]
        if scored:
            points.append((r, max(scored) * 100.0))
    return points


SIDE = 0.12  # parent left of the round, child right, so equal counts never hide each other


def _screen_axes(ax: Axes, rounds: Sequence[RoundPoint]) -> None:
    screened = [p for p in rounds if p.verdict is not None]
    for p in screened:
        ax.plot(
            [p.round - SIDE, p.round + SIDE],
            [p.parent_successes, p.child_successes],
            color=GREEN if p.verdict == "kept" else ORANGE,
            linewidth=1.5,
            zorder=1,
        )
    ax.scatter(
        [p.round - SIDE for p in screened],
        [p.parent_successes for p in screened],
        marker="o",
        s=55,
        facecolor="white",
        edgecolor=SKY,
        linewidth=2,
        label="parent",
        gid="parent",
        zorder=2,
    )
    for verdict, colour, marker in (("kept", GREEN, "^"), ("discarded", ORANGE, "s")):
        chosen = [p for p in screened if p.verdict == verdict]
        ax.scatter(
            [p.round + SIDE for p in chosen],
            [p.child_successes for p in chosen],
            marker=marker,
            s=60,
            color=colour,
            label=f"child, {verdict}",
            gid=f"child-{verdict}",
            zorder=3,
        )
    _discard_reasons(ax, screened)
    _rejections(ax, rounds)
    top = max((p.minibatch for p in rounds), default=1)
    ax.set_ylim(-1.4, top + 0.5)
    ax.set_ylabel("minibatch successes")
    ax.set_title("Minibatch screen per round", fontsize=TITLE_SIZE, loc="left")
    ax.grid(axis="y", alpha=0.3)
    ax.legend(loc="upper left", fontsize=FONT_SIZE - 1, ncols=4, frameon=False)


def _rejections(ax: Axes, rounds: Sequence[RoundPoint]) -> None:
    """A cross under the axis for each round with attempts rejected before evaluation."""
    refused = [p for p in rounds if p.rejected]
    ax.scatter(
        [p.round for p in refused],
        [-0.8] * len(refused),
        marker="X",
        s=60,
        color=VERMILLION,
        label="rejected before evaluation",
        gid="rejected",
        zorder=3,
    )
    for p in refused:
        ax.annotate(
            f"x{p.rejected}",
            (p.round, -0.8),
            xytext=(6, -3),
            textcoords="offset points",
            fontsize=FONT_SIZE - 1,
            color=VERMILLION,
        )


def _discard_reasons(ax: Axes, screened: Sequence[RoundPoint]) -> None:
    """Each discarded child says why beside its marker ("1 regression", "no gain")."""
    for p in screened:
        if p.verdict == "discarded" and p.why:
            ax.annotate(
                p.why,
                (p.round + SIDE, p.child_successes or 0),
                xytext=(6, -10),
                textcoords="offset points",
                fontsize=FONT_SIZE - 2,
                color=ORANGE,
                gid="discard-reason",
            )


def _dev_axes(ax: Axes, data: ReportData, last_round: int) -> None:
    kept = [k for k in data.kept if k.dev_rar is not None and not k.dev_rar_at_most]
    ax.scatter(
        [k.round for k in kept],
        [k.dev_rar * 100.0 for k in kept if k.dev_rar is not None],
        marker="o",
        s=45,
        color=GREEN,
        label="kept candidate",
        gid="kept",
        zorder=3,
    )
    bounded = [k for k in data.kept if k.dev_rar is not None and k.dev_rar_at_most]
    if bounded:  # the dev race stopped early: an upper bound, drawn as one
        ax.scatter(
            [k.round for k in bounded],
            [k.dev_rar * 100.0 for k in bounded if k.dev_rar is not None],
            marker="v",
            s=45,
            facecolors="none",
            edgecolors=GREEN,
            label="kept, dev at most (stopped early)",
            gid="kept-at-most",
            zorder=3,
        )
    best = running_best([k for k in data.kept if not k.dev_rar_at_most], last_round)
    if best:
        ax.step(
            [r for r, _ in best],
            [v for _, v in best],
            where="post",
            color=BLUE,
            linewidth=2.2,
            label="running champion",
            gid="champion",
            zorder=2,
        )
    if data.initial_dev_rar is not None:
        ax.axhline(
            data.initial_dev_rar * 100.0,
            color=BLACK,
            linestyle="--",
            linewidth=1.2,
            label="initial strategy",
            gid="baseline",
        )
    ax.set_ylim(-5, 105)
    ax.set_ylabel("dev RAR (%)")
    ax.set_xlabel("round")
    ax.set_title("Dev RAR of the kept candidates", fontsize=TITLE_SIZE, loc="left")
    ax.grid(axis="y", alpha=0.3)
    ax.legend(loc="lower right", fontsize=FONT_SIZE - 1, ncols=3, frameon=False)


def trajectory_figure(data: ReportData) -> Figure:
    figure = new_figure(6.2)
    screen, dev = figure.subplots(2, 1, sharex=True)
    last_round = max((p.round for p in data.rounds), default=0)
    _screen_axes(screen, data.rounds)
    _dev_axes(dev, data, last_round)
    dev.set_xlim(-0.5, last_round + 0.5)
    dev.set_xticks(range(last_round + 1))
    title = f"Search trajectory · {data.run_id}"
    if data.partial:
        title += " (partial: no release gate yet)"
    figure.suptitle(title, fontsize=TITLE_SIZE + 1)
    return figure
