"""The lineage tree figure: every candidate and attempt, the champion's path in bold.

Layout, computed here: one row per node in depth-first order (children by round, then
attempt) and one column per generation, with elbow edges from parent to child. Each node's
label (round, the edited field with its before and after values, dev RAR or reason) sits on
its own row at the end of the edge that made it, so labels never overlap and 40 attempts
stay readable: the figure grows by a fixed height per row. Hand-written because no
installed library lays out a labelled tree this way (networkx is not installed and its
`multipartite_layout` orders a layer without regard to the tree; Graphviz is a system
binary we do not require).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.lines import Line2D

from rsi.reports.style import (
    BLUE,
    FONT_SIZE,
    GREY,
    KIND_COLOURS,
    KIND_MARKERS,
    TITLE_SIZE,
    new_figure,
)
from rsi.reports.tree_data import TreeNode

ROW_IN = 0.26  # figure height per node row
COLUMN = 1.0  # x distance between generations
LABEL_COLUMNS = 7.5  # room for labels right of the deepest node, in generation widths


def tree_layout(nodes: Sequence[TreeNode]) -> dict[str, tuple[float, int]]:
    """(generation, row) per node key: depth-first rows, children by (round, attempt)."""
    children: dict[str | None, list[TreeNode]] = {}
    keys = {n.key for n in nodes}
    for node in nodes:
        parent = node.parent if node.parent in keys else None
        children.setdefault(parent, []).append(node)
    for group in children.values():
        group.sort(key=lambda n: (n.round, n.attempt or 0))
    position: dict[str, tuple[float, int]] = {}
    stack = [(n, 0) for n in reversed(children.get(None, []))]
    while stack:
        node, depth = stack.pop()
        position[node.key] = (depth * COLUMN, len(position))
        stack.extend((child, depth + 1) for child in reversed(children.get(node.key, [])))
    return position


def _label(node: TreeNode) -> str:
    where = "initial" if node.kind == "initial" else f"r{node.round}"
    if node.attempt is not None and node.kind in ("rejected", "pending"):
        where += f"a{node.attempt}"
    parts = [where, node.edge, node.detail]
    if node.champion:
        parts.append("CHAMPION")
    return "  ".join(p for p in parts if p)


def tree_figure(nodes: Sequence[TreeNode], *, partial: bool) -> Figure:
    position = tree_layout(nodes)
    rows = max(len(position), 1)
    figure = new_figure(max(2.6, 1.1 + ROW_IN * rows))
    ax = figure.add_subplot()
    _edges(ax, nodes, position)
    _nodes(ax, nodes, position)
    by_key = {n.key: n for n in nodes}
    for key, (x, y) in position.items():
        node = by_key[key]
        ax.annotate(
            _label(node),
            (x, y),
            xytext=(9, 0),
            textcoords="offset points",
            va="center",
            fontsize=FONT_SIZE,
            fontweight="bold" if node.on_champion_path else "normal",
            gid="label",
        )
    depth = max((x for x, _ in position.values()), default=0.0)
    # The deepest label needs about half the width: scale the x range with the depth.
    ax.set_xlim(-0.4, max(depth + LABEL_COLUMNS, (depth + 0.4) * 2.0))
    ax.set_ylim(rows - 0.5, -0.7)
    ax.axis("off")
    figure.legend(
        handles=_legend(),
        loc="outside lower center",
        ncols=7,
        fontsize=FONT_SIZE - 1,
        frameon=False,
    )
    title = f"Lineage: {sum(n.kind != 'initial' for n in nodes)} attempts"
    ax.set_title(title + (" (partial)" if partial else ""), fontsize=TITLE_SIZE, loc="left")
    return figure


def _edges(ax: Axes, nodes: Sequence[TreeNode], position: Mapping[str, tuple[float, int]]) -> None:
    """Elbow edges from parent to child; the champion's path bold, rejections dotted."""
    for node in nodes:
        if node.parent not in position or node.key not in position:
            continue
        (px, py), (cx, cy) = position[node.parent], position[node.key]
        bold = node.on_champion_path
        ax.plot(
            [px, px, cx],
            [py, cy, cy],
            color=BLUE if bold else GREY,
            linewidth=2.6 if bold else 1.0,
            linestyle="-" if node.kind != "rejected" else ":",
            gid="edge",
            zorder=1,
        )


def _nodes(ax: Axes, nodes: Sequence[TreeNode], position: Mapping[str, tuple[float, int]]) -> None:
    """A marker per node by kind, and a star on the champion."""
    for kind, colour in KIND_COLOURS.items():
        chosen = [n for n in nodes if n.kind == kind and n.key in position]
        ax.scatter(
            [position[n.key][0] for n in chosen],
            [position[n.key][1] for n in chosen],
            marker=KIND_MARKERS[kind],
            s=70,
            color=colour if kind != "pending" else "white",
            edgecolor=colour,
            linewidth=1.5,
            gid=f"node-{kind}",
            zorder=3,
        )
    champion = [n for n in nodes if n.champion and n.key in position]
    ax.scatter(
        [position[n.key][0] for n in champion],
        [position[n.key][1] for n in champion],
        marker="*",
        s=340,
        color=BLUE,
        edgecolor="white",
        gid="champion",
        zorder=4,
    )


def _legend() -> list[Line2D]:
    handles = [
        Line2D(
            [],
            [],
            marker=KIND_MARKERS[k],
            linestyle="",
            color=c,
            markerfacecolor=c if k != "pending" else "white",
            label=k,
        )
        for k, c in KIND_COLOURS.items()
    ]
    handles.append(
        Line2D([], [], marker="*", markersize=13, linestyle="", color=BLUE, label="champion")
    )
    handles.append(Line2D([], [], color=BLUE, linewidth=2.6, label="champion's path"))
    return handles
