"""The lineage tree's nodes: every candidate and attempt, with the edit that made it.

Kept candidates form the tree; a discarded child (screened, failed), a rejected proposal
(refused before evaluation) and a child still being evaluated hang as leaves under the
candidate they were proposed from. The champion is the frozen one, or, before freezing,
the best kept candidate so far; its path to the initial strategy is marked.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal

from rsi.journal import Candidate, SearchState, edit_text, why_discarded
from search_space import Strategy, diff

NodeKind = Literal["initial", "kept", "discarded", "rejected", "pending"]
LABEL_CHARS = 60


@dataclass(frozen=True)
class TreeNode:
    key: str
    parent: str | None
    kind: NodeKind
    round: int
    attempt: int | None
    edge: str  # the edited field with its before and after values ("" for the initial)
    detail: str  # dev RAR of a kept candidate, the reason of a rejection
    champion: bool
    on_champion_path: bool


def _short(value: Any, limit: int = 18) -> str:
    """A value in a few characters: a route by its skill, a lesson by its id."""
    if value is None:
        return "none"
    if isinstance(value, dict):
        value = value.get("skill") or value.get("id") or value
    text = value if isinstance(value, str) else json.dumps(value, sort_keys=True)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def edge_label(
    parent: dict[str, Any], edit: dict[str, Any] | None, child: dict[str, Any] | None
) -> str:
    """`field: before -> after`, from the structural diff when the child exists."""
    if edit is None:
        return ""
    if edit.get("op") == "set_scalar" and "field" in edit:
        text = f"{edit['field']}: {parent.get(edit['field'])} → {edit.get('value')}"
    elif child is not None:
        try:
            changes = diff(Strategy.model_validate(parent), Strategy.model_validate(child))
        except ValueError:  # a strategy another version wrote: show the edit instead
            changes = []
        if changes:
            change = changes[0]
            item = f"[{change.item}]" if change.item else ""
            text = f"{change.field}{item}: {_short(change.before)} → {_short(change.after)}"
        else:
            text = edit_text(edit)
    else:
        text = edit_text(edit)
    return text if len(text) <= LABEL_CHARS else text[: LABEL_CHARS - 1] + "…"


def _champion(state: SearchState) -> str | None:
    if state.champion is not None:
        return state.champion.strategy_id
    scored = [c for c in state.candidates.values() if c.dev_rar is not None]
    return state.best_candidate().strategy_id if scored else None


def _path(state: SearchState, strategy_id: str | None) -> set[str]:
    path: set[str] = set()
    while strategy_id is not None and strategy_id in state.candidates:
        path.add(strategy_id)
        strategy_id = state.candidates[strategy_id].parent_id
    return path


def _dev_detail(candidate: Candidate) -> str:
    """ "dev 62%", "dev ≤ 44%" (an upper bound: its dev race stopped early), or ""."""
    if candidate.dev_rar is None:
        return ""
    return f"dev {'≤ ' if candidate.dev_rar_at_most else ''}{candidate.dev_rar:.0%}"


def lineage_nodes(state: SearchState) -> tuple[TreeNode, ...]:
    """Kept candidates in keep order, then discarded, rejected and pending attempts."""
    champion = _champion(state)
    path = _path(state, champion)
    nodes = []
    for c in state.candidates.values():
        parent = state.candidates.get(c.parent_id) if c.parent_id else None
        nodes.append(
            TreeNode(
                key=c.strategy_id,
                parent=c.parent_id,
                kind="kept" if parent is not None else "initial",
                round=c.round,
                attempt=None,
                edge=edge_label(parent.strategy, c.edit, c.strategy) if parent else "",
                detail=_dev_detail(c),
                champion=c.strategy_id == champion,
                on_champion_path=c.strategy_id in path,
            )
        )
    for p in state.proposals:
        screen = state.screens.get(p.round)
        if p.parent_id not in state.candidates or (screen is not None and screen.passed):
            continue  # a passing child is a kept node already
        kind: NodeKind = "discarded" if screen is not None else "pending"
        nodes.append(
            TreeNode(
                key=f"{kind}:{p.round}:{p.child_id}",
                parent=p.parent_id,
                kind=kind,
                round=p.round,
                attempt=p.attempt,
                edge=edge_label(state.candidates[p.parent_id].strategy, p.edit, p.strategy),
                detail=f"child {screen.child_successes}, parent {screen.parent_successes}: "
                f"{why_discarded(screen)}"
                if screen
                else "",
                champion=False,
                on_champion_path=False,
            )
        )
    for x in state.rejections:
        if x.parent_id not in state.candidates:
            continue
        edge = edge_label(state.candidates[x.parent_id].strategy, x.edit, None)
        nodes.append(
            TreeNode(
                key=f"rejected:{x.round}:{x.attempt}",
                parent=x.parent_id,
                kind="rejected",
                round=x.round,
                attempt=x.attempt,
                edge=edge or "(no edit)",
                detail=x.reason,
                champion=False,
                on_champion_path=False,
            )
        )
    return tuple(nodes)
