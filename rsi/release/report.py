"""Human renderings of the release gate: markdown for release notes, rich tables for the CLI."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.table import Table
from rich.text import Text

from rsi.release.numbers import format_interval, format_p, format_pp

if TYPE_CHECKING:
    from rsi.release.gate import GateReport
    from rsi.release.power import PowerPlan


def _rate(successes: int, n: int) -> str:
    return f"{successes}/{n} ({successes / n * 100:.1f}%)"


def decision_word(report: GateReport) -> str:
    word = "PROMOTE" if report.promote else "RETAIN BASELINE"
    return word if report.gate == "mcnemar" else f"{word} (NO STATISTICAL GATE)"


def _title(report: GateReport) -> str:
    return "Release gate" if report.gate == "mcnemar" else "Release without a gate"


def _rule_text(report: GateReport) -> str:
    if report.gate == "none":
        return (
            '**No statistical gate ran** (`[release] gate = "none"`, an ablation): the dev '
            "argmax is promoted whenever it differs from the baseline, as GEPA and AutoSaddler "
            "do. The p value and intervals above only describe the release split; they "
            "decided nothing."
        )
    return (
        f"The rule, fixed before evaluation: promote iff the paired difference is positive and "
        f"p <= alpha = {report.alpha:g}; no discordant pair never promotes."
    )


def render_markdown(report: GateReport) -> str:
    """A self-contained markdown section for a release note."""
    lines = [
        f"### {_title(report)}: {decision_word(report).lower()}",
        "",
        "| Baseline | Challenger | Wins / losses | Difference (pp) "
        "| One-sided exact McNemar p | 95% CI (pp) | 99% CI (pp) |",
        "|---:|---:|---:|---:|---:|---:|---:|",
        f"| {_rate(report.baseline_successes, report.n)} "
        f"| {_rate(report.challenger_successes, report.n)} "
        f"| {report.wins} / {report.losses} "
        f"| {format_pp(report.diff_pp)} "
        f"| {format_p(report.p_value)} "
        f"| {format_interval(report.ci95_pp)} "
        f"| {format_interval(report.ci99_pp)} |",
        "",
        f"**Decision: {decision_word(report).lower()}** ({report.reason}).",
        "",
        f"Wins are tasks only the challenger solved, losses tasks only the baseline solved. "
        f"{_rule_text(report)} Intervals are "
        f"paired bootstrap percentiles from {report.resamples:,} task resamples "
        f"(seed {report.seed}) over {report.n} tasks.",
    ]
    return "\n".join(lines) + "\n"


def gate_table(report: GateReport) -> Table:
    """The gate report as a two-column rich table."""
    table = Table(title=f"{_title(report)}: {decision_word(report)}", show_header=False)
    table.add_column("statistic", style="bold")
    table.add_column("value")
    rows = [
        ("tasks (n)", str(report.n)),
        ("baseline successes", _rate(report.baseline_successes, report.n)),
        ("challenger successes", _rate(report.challenger_successes, report.n)),
        ("wins (challenger only)", str(report.wins)),
        ("losses (baseline only)", str(report.losses)),
        ("difference", f"{format_pp(report.diff_pp)} pp"),
        ("one-sided exact McNemar p", format_p(report.p_value)),
        ("95% paired bootstrap CI", f"{format_interval(report.ci95_pp)} pp"),
        ("99% paired bootstrap CI", f"{format_interval(report.ci99_pp)} pp"),
        ("alpha", f"{report.alpha:g}"),
        ("gate", "one-sided exact McNemar" if report.gate == "mcnemar" else "NONE: no test ran"),
        ("bootstrap", f"{report.resamples:,} resamples, seed {report.seed}"),
        ("decision", "promote" if report.promote else "do not promote"),
        ("reason", report.reason),
    ]
    for name, value in rows:
        table.add_row(name, Text(value))  # values are literal, never markup
    return table


def plan_table(plan: PowerPlan) -> Table:
    """The power plan as a two-column rich table."""
    table = Table(title="Release gate power plan", show_header=False)
    table.add_column("quantity", style="bold")
    table.add_column("value")
    source = "given" if plan.discordance_given else "independence model"
    mde = "not reachable" if plan.mde is None else f"{plan.mde * 100:+.2f} pp"
    rows = [
        ("release tasks (N)", str(plan.n)),
        ("baseline rate", f"{plan.baseline_rate * 100:.1f}%"),
        ("effect", f"{plan.effect * 100:+.2f} pp"),
        ("discordance q", f"{plan.discordance:.4f} ({source})"),
        ("win share of discordant pairs", f"{plan.win_probability:.4f}"),
        ("alpha", f"{plan.alpha:g}"),
        ("exact power", f"{plan.power:.4f}"),
        (f"minimum detectable effect at power {plan.power_target:g}", mde),
    ]
    for name, value in rows:
        table.add_row(name, Text(value))  # values are literal, never markup
    return table
