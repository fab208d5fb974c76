"""How lineage runs are named and tagged: short, stable text from journal values
(`rsi.lineage.plan` builds the runs; this module only words them)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from rsi.journal import SearchState, edit_text
from search_space import SCALAR_FIELDS, Strategy, diff

SUMMARY_CHARS = 500  # before/after tags stay readable in the runs table


def iso_ms(ts: str) -> int:
    return int(datetime.fromisoformat(ts).timestamp() * 1000)


def pretty_json(data: Any) -> str:
    return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def shorten(data: Any) -> str:
    text = data if isinstance(data, str) else json.dumps(data, sort_keys=True, ensure_ascii=False)
    return text if len(text) <= SUMMARY_CHARS else text[: SUMMARY_CHARS - 3] + "..."


def strategy_params(strategy: Mapping[str, Any]) -> dict[str, str]:
    """The scalar fields, plus the sizes of the structured ones (for the compare view)."""
    params = {name: str(strategy[name]) for name in SCALAR_FIELDS if name in strategy}
    params["guidanceChars"] = str(len(strategy.get("guidance", "")))
    params["lessonCount"] = str(len(strategy.get("lessons", [])))
    params["routeCount"] = str(len(strategy.get("skillRoutes", [])))
    return params


def edit_tags(parent: Mapping[str, Any] | None, child: Mapping[str, Any]) -> dict[str, str]:
    """Edited field and a before/after summary, from the structural diff parent -> child."""
    if parent is None:
        return {}
    changes = diff(Strategy.model_validate(parent), Strategy.model_validate(child))
    if not changes:
        return {}
    tags = {"rsi.edited_field": changes[0].field}
    labelled = [(f"{c.item}: " if c.item else "", c) for c in changes]
    tags["rsi.before"] = shorten("; ".join(f"{lbl}{shorten(c.before)}" for lbl, c in labelled))
    tags["rsi.after"] = shorten("; ".join(f"{lbl}{shorten(c.after)}" for lbl, c in labelled))
    return tags


NAME_EDIT_CHARS = 48  # the edit in a run name; the full edit is in strategy/edit.json
CHAMPION_MARK = "★ champion"


def edit_name(edit: Mapping[str, Any] | None) -> str:
    text = edit_text(dict(edit)) if edit else "no edit"
    return text if len(text) <= NAME_EDIT_CHARS else text[: NAME_EDIT_CHARS - 1] + "…"


SHORT_ID = 6  # of a strategy id's 12 hex chars, in the search's name (the full id is a tag)


def outcome_name(state: SearchState) -> str:
    """The search's outcome in two or three words: `gate promote`, `gate retain`, ..."""
    if state.gate is not None:
        report = state.gate.report
        verdict = "promote" if report["promote"] else "retain"
        return f"no gate: {verdict}" if report.get("gate") == "none" else f"gate {verdict}"
    if state.release_skipped is not None:
        return "nothing to release"
    if state.stopped is not None:
        return "stopped, no gate yet"
    return "paused" if state.paused is not None else "running"


def search_name(experiment: str, state: SearchState) -> str:
    """`quickstart · champion 749664 · gate promote`: what the search is and how it ended."""
    champion = state.champion
    parts = [experiment]
    if champion is not None:
        parts.append(f"champion {champion.strategy_id[:SHORT_ID]}")
    parts.append(outcome_name(state))
    return " · ".join(parts)


def gate_run_name(state: SearchState) -> str:
    """`gate promote: 14 wins, 0 losses, p 6e-05`: the decision before its evidence."""
    if state.gate is None:
        return "gate: nothing to release" if state.release_skipped is not None else "gate"
    report = state.gate.report
    return (
        f"{outcome_name(state)}: {report['wins']} wins, {report['losses']} losses, "
        f"p {report['p_value']:.2g}"
    )


def gate_parts(state: SearchState) -> tuple[dict[str, str], dict[str, float]]:
    """The gate run's tags and metrics: the decision, its counts and both release RARs."""
    tags = {"rsi.kind": "gate"}
    if state.champion is not None:
        tags["rsi.champion_id"] = state.champion.strategy_id
    if state.gate is None:
        if state.release_skipped is not None:
            tags["rsi.release"] = state.release_skipped.reason
        return tags, {}
    report = state.gate.report
    tags |= {f"rsi.gate.{k}": shorten(report[k]) for k in ("promote", "reason")}
    metrics = {k: float(report[k]) for k in ("wins", "losses", "p_value", "diff_pp")}
    metrics["release_rar_baseline"] = report["baseline_successes"] / report["n"]
    metrics["release_rar_champion"] = report["challenger_successes"] / report["n"]
    return tags, metrics
