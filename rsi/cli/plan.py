"""`rsi plan` (the bill of a search before it runs) and `rsi pilot` (a cheap measurement)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from rsi.cli.output import LazyConsole, console, print_json

if TYPE_CHECKING:  # the rest is imported when a command runs (rsi/cli/__init__.py)
    from rich.console import Console
    from rich.table import Table

    from rsi.config import ExperimentConfig
    from rsi.forecast import Forecast, PhaseFigures


def _wide() -> Console:
    from rich.console import Console

    return Console(highlight=False, soft_wrap=True, width=max(console.width, 104))


if TYPE_CHECKING:
    from evaluators.llm import Price

# The tables need about 100 columns; a narrower terminal wraps lines rather than cells.
wide: Console = LazyConsole(_wide)  # type: ignore[assignment]
JsonFlag = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")]


def register(app: typer.Typer) -> None:
    app.command("plan")(plan)
    app.command("pilot")(pilot)


def plan_for(config: ExperimentConfig, source: Path | None) -> tuple[Forecast, str]:
    """The forecast, measured from `source` (else the config's own run, when it has a
    journal), and a line saying where the expected case came from."""
    from rsi.api import default_run_dir
    from rsi.forecast import forecast, measured_run
    from rsi.journal import EVENTS_FILE

    own = default_run_dir(config)
    if source is None and (own / EVENTS_FILE).is_file():
        source = own
    if source is None:
        note = "expected case: no measurement (run `rsi pilot` or pass --from RUN_DIR)"
        return forecast(config), note
    measured, reused = measured_run(config, source)
    if not measured.evaluations:
        return forecast(config, None, reused), f"expected case: nothing measured in {source}"
    note = f"expected case: measured in {source} ({measured.evaluations} task evaluations"
    note += f", {measured.attempts} attempts)" if measured.attempts else ")"
    return forecast(config, measured, reused), note


def flipped(config: ExperimentConfig) -> ExperimentConfig:
    """`config` with `[search] stop_when_decided` the other way."""
    search = config.search.model_copy(
        update={"stop_when_decided": not config.search.stop_when_decided}
    )
    return config.model_copy(update={"search": search})


def switch_bills(result: Forecast, other: Forecast) -> dict[str, Any]:
    """Both bills of the switch, as configured and flipped, and what stopping saves."""

    by_switch = {result.stop_when_decided: result, other.stop_when_decided: other}
    on, off = by_switch[True], by_switch[False]

    def bill(plan: Forecast) -> dict[str, Any]:
        case = plan.expected
        return {
            "stop_when_decided": plan.stop_when_decided,
            "worst_usd": plan.worst.total.total_usd,
            "expected_usd": case.total.total_usd if case is not None else None,
            "expected_evaluations": case.total.evaluations if case is not None else None,
        }

    saving = None
    if on.expected is not None and off.expected is not None:
        usd = (on.expected.total.total_usd, off.expected.total.total_usd)
        saving = {
            "usd": None if None in usd else (usd[1] or 0.0) - (usd[0] or 0.0),
            "evaluations": off.expected.total.evaluations - on.expected.total.evaluations,
        }
    return {
        "configured": bill(result),
        "flipped": bill(other),
        "race_shares": list(on.race_shares),
        "race_shares_measured": on.race_shares_measured,
        "saving": saving,
    }


def render_switch(bills: dict[str, Any]) -> None:
    """`[search] stop_when_decided` both ways: the expected bills and the saving."""
    from rich.text import Text

    lines = []
    for key in ("configured", "flipped"):
        bill = bills[key]
        state = "true" if bill["stop_when_decided"] else "false"
        how = "as configured" if key == "configured" else "flipped"
        expected = bill["expected_usd"]
        figure = (
            f"expected {_usd(expected)} ({_n(bill['expected_evaluations'])} task evaluations)"
            if bill["expected_evaluations"] is not None
            else "no expected case (run `rsi pilot`)"
        )
        lines.append(f"  stop_when_decided = {state} ({how}): {figure}")
    console.print(Text.assemble(("early stopping", "bold"), " ([search] stop_when_decided)"))
    for line in lines:
        console.print(line)
    saving = bills["saving"]
    screen, dev = bills["race_shares"]
    how = "measured" if bills["race_shares_measured"] else "assumed"
    if saving is not None:
        console.print(
            f"  stopping when decided saves {_usd(saving['usd'])} and "
            f"{_n(saving['evaluations'])} task evaluations, expected (a screen pays "
            f"{screen:.0%} of its tasks, a kept child's dev {dev:.0%}: {how}); the worst case "
            "is the same either way: a decision may come at a race's last task"
        )
    else:
        worst = bills["configured"]["worst_usd"]
        console.print(
            f"  worst case {_usd(worst)} either way (a decision may come at a race's last "
            "task); the expected saving needs a measurement (`rsi pilot`)"
        )


def _n(value: float) -> str:
    """Counts as people read them: 48,240 or 1.65B tokens."""
    for scale, suffix in ((1e9, "B"), (1e6, "M")):
        if value >= scale:
            return f"{value / scale:,.2f}{suffix}"
    return f"{value:,.0f}"


def _usd(value: float | None) -> str:
    if value is None:
        return "unpriced"
    return f"${value:,.0f}" if value >= 1000 else f"${value:,.2f}"


def _hours(hours: float | None) -> str:
    if hours is None:
        return "-"
    return f"{hours:,.1f}" if hours >= 10 else f"{hours:.2f}"


def _table(title: str, phases: tuple[PhaseFigures, ...], total: PhaseFigures) -> Table:
    from rich import box
    from rich.table import Table

    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
    columns = ("phase", "evals", "calls", "input tok", "output tok")
    for column in (*columns, "generator", "optimizer", "total", "hours"):
        table.add_column(column, justify="left" if column == "phase" else "right")
    for row in (*phases, total):
        tokens = row.tokens
        table.add_row(
            row.phase,
            _n(row.evaluations),
            _n(tokens.calls),
            _n(tokens.input_tokens),
            _n(tokens.output_tokens),
            _usd(row.usd["generator"]),
            _usd(row.usd["optimizer"]),
            _usd(row.total_usd),
            _hours(row.hours),
            style="bold" if row.phase == "total" else None,
        )
    return table


def _prices(result: Forecast) -> list[str]:
    lines = []
    for scope, model in result.models.items():
        price = result.prices[scope]
        if model is None:
            who = "the scripted runner pays" if scope == "generator" else "offline proposers pay"
            lines.append(f"{scope}: no model ({who} nothing)")
        elif price is None:
            lines.append(
                f"{scope}: {model}, price unknown (not in litellm's map; set "
                "price_per_mtok_in/out): tokens only"
            )
        else:
            lines.append(
                f"{scope}: {model} at ${price.usd_per_mtok_in:g} in / "
                f"${price.usd_per_mtok_out:g} out per million tokens ({price.source})"
                + _cache_rates(price)
            )
    return lines


def _cache_rates(price: Price) -> str:
    """The cache rates of a price: "; cache read $0.5, write $6.25" (unpriced ones named)."""
    rates = (("read", price.usd_per_mtok_cached_in), ("write", price.usd_per_mtok_cache_write))
    shown = [f"{name} " + ("unpriced" if r is None else f"${r:g}") for name, r in rates]
    return f"; cache {', '.join(shown)}"


def _range(low: PhaseFigures, high: PhaseFigures, rounds: int) -> str:
    """The expected case's uncertainty: whether rounds keep their child is not measurable
    before they run, and a kept child costs its dev evaluations and, for the first, the gate."""
    figures = [
        f"{_n(low.tokens.calls)}-{_n(high.tokens.calls)} calls",
        f"{_n(low.tokens.input_tokens)}-{_n(high.tokens.input_tokens)} input",
        f"{_n(low.tokens.output_tokens)}-{_n(high.tokens.output_tokens)} output tokens",
    ]
    if low.total_usd is not None and high.total_usd is not None:
        figures.append(f"{_usd(low.total_usd)}-{_usd(high.total_usd)}")
    return (
        f"expected range: {', '.join(figures)}; from no round keeping its child, tasks at "
        f"the least usage measured, to every round ({rounds}) keeping it, tasks at the most"
    )


def render(result: Forecast, note: str) -> None:
    from rich.text import Text

    console.print(
        Text.assemble(
            ("plan", "bold"),
            f" {result.experiment}: {result.rounds} rounds (at most "
            f"{result.max_attempts} attempts), {result.workers} workers",
        )
    )
    for line in _prices(result):
        console.print(f"  {line}")
    reused = {k: v for k, v in result.reused.items() if v and k != "attempts"}
    if reused:
        done = ", ".join(f"{v} {k}" for k, v in reused.items())
        console.print(f"  already journaled, not paid again: {done} task evaluations")
    unmeasured = result.measured is not None and not result.measured.attempts
    if unmeasured and result.models["optimizer"] is not None:
        console.print(
            "  no attempt measured: the optimizer is estimated by its steps (each session at "
            "half its step cap, its input growing every turn)"
        )
    wide.print(
        _table("worst case (every task at its caps)", result.worst.phases, result.worst.total)
    )
    console.print(note)
    if result.expected is not None:
        how = "measured" if result.keep_rate_measured else "assumed"
        keep = f"{result.keep_rate or 0:.0%} of rounds keep ({how})"
        wide.print(_table(f"expected case ({keep})", result.expected.phases, result.expected.total))
        if result.low is not None and result.high is not None:
            console.print(_range(result.low.total, result.high.total, result.rounds))
    for line in cache_lines(result):
        console.print(line)
    if result.power is not None:
        p = result.power
        mde = f"{p.mde * 100:.1f} pp" if p.mde is not None else "unreachable"
        console.print(
            f"gate power at {p.effect * 100:.0f} pp on {p.n} release tasks (baseline "
            f"{p.baseline_rate:.0%}): {p.power:.0%}; minimum detectable effect at "
            f"{p.power_target:.0%} power: {mde}"
        )
    for warning in result.warnings:
        console.print(Text.assemble(("warning", "yellow"), f": {warning}"))


def cache_lines(result: Forecast) -> list[str]:
    """The bill with provider prompt caching beside the bill without (rsi/forecast/caching.py)."""
    bill = result.caching
    if bill is None or not any(s.source != "none" for s in bill.shares.values()):
        return []
    shares = ", ".join(
        f"{scope} {share.read:.0%} read, {share.write:.0%} written ({share.source})"
        for scope, share in bill.shares.items()
        if result.models.get(scope) is not None
    )
    lines = [
        f"prompt caching ({shares} of input tokens): worst case (no hit) "
        f"{_usd(bill.worst_usd)} against {_usd(bill.worst_uncached_usd)} without"
    ]
    if bill.expected_usd is not None or bill.expected_uncached_usd is not None:
        lines.append(
            f"  expected {_usd(bill.expected_usd)} with caching, "
            f"{_usd(bill.expected_uncached_usd)} without"
        )
    for scope, names in bill.unpriced.items():
        lines.append(f"  {scope}: {' and '.join(names)} rate unpriced, counted at the input rate")
    return lines


def to_json(result: Forecast, note: str) -> dict[str, Any]:
    data = result.model_dump(mode="json")
    for case in ("worst", "expected", "low", "high"):
        if data[case] is not None:
            figures = getattr(result, case)
            data[case]["total"]["total_usd"] = figures.total.total_usd
    return {**data, "note": note}


def plan(
    config_file: Annotated[Path, typer.Argument(metavar="CONFIG", help="Experiment TOML.")],
    source: Annotated[
        Path | None, typer.Option("--from", help="A run directory whose usage to measure.")
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """What a search will cost before it runs: calls, tokens, dollars and hours per phase."""
    from rsi.config import load_config

    config = load_config(config_file)
    result, note = plan_for(config, source)
    bills = switch_bills(result, plan_for(flipped(config), source)[0])
    if as_json:
        print_json({**to_json(result, note), "stop_when_decided": bills})
    else:
        render(result, note)
        render_switch(bills)


def pilot(
    config_file: Annotated[Path, typer.Argument(metavar="CONFIG", help="Experiment TOML.")],
    tasks: Annotated[int, typer.Option("--tasks", help="Tasks of round 1 to run.")] = 2,
    run_dir: Annotated[Path | None, typer.Option("--run-dir", help="Where the run lives.")] = None,
    as_json: JsonFlag = False,
) -> None:
    """Run the initial strategy on round 1's first tasks, journaled in the search's own run
    (a later `rsi search` pays nothing again for them), then print the plan it measures."""
    from rich.table import Table

    from rsi.api import default_run_dir
    from rsi.config import load_config
    from rsi.engine import run_pilot
    from rsi.execution import SpendCapReached
    from rsi.journal import model_usage

    config = load_config(config_file)
    directory = run_dir or default_run_dir(config)
    try:
        done = run_pilot(config, directory, tasks)
    except SpendCapReached as reached:
        print(f"stopped: {reached}", file=sys.stderr)
        raise typer.Exit(130) from None
    result, note = plan_for(config, directory)
    bills = switch_bills(result, plan_for(flipped(config), directory)[0])
    rows = [{"task": t, "success": e.success, **model_usage(e)} for t, e in done.items()]
    if as_json:
        plan_json = {**to_json(result, note), "stop_when_decided": bills}
        print_json({"run_dir": str(directory), "tasks": rows, "plan": plan_json})
        return
    table = Table(title=f"pilot: {len(rows)} tasks in {directory}", title_justify="left")
    # Calls are what the provider billed; a question asked twice was answered from memory.
    for column in ("task", "success", "calls", "from memory", "input tok", "output tok"):
        table.add_column(column)
    for row in rows:
        table.add_row(
            row["task"],
            "yes" if row["success"] else "no",
            _n(row.get("calls", 0)),
            _n(row.get("remembered_calls", 0)),
            _n(row.get("input_tokens", 0)),
            _n(row.get("output_tokens", 0)),
        )
    console.print(table)
    render(result, note)
    render_switch(bills)
