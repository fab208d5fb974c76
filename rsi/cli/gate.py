"""`rsi gate --outcomes FILE` (the release gate) and `rsi gate plan` (its power)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from rsi.cli.output import console, print_json, typer_app

# rsi.release and rsi.release_power are imported inside the commands: they load scipy.stats,
# which would add about a second to every other `rsi` command.


def _reflow(text: str) -> str:
    """Join each paragraph's lines: the help renderer keeps hard line breaks."""
    return "\n\n".join(" ".join(p.split()) for p in text.strip().split("\n\n"))


GATE_HELP = _reflow("""Gate a frozen challenger against the baseline on paired release outcomes.

FILE holds one row per release task: task_id, baseline, challenger, where an outcome is 1/0,
true/false or pass/fail (any case). CSV: a header row naming task_id,baseline,challenger (any
order; other columns are ignored). JSON (.json, or any file starting with [ or {): a list of
objects with those keys, or {"outcomes": [...]}. Task ids must be unique and non-empty.

The direction (challenger better) is fixed before evaluation. w = tasks only the challenger
solved, l = tasks only the baseline solved; p is the one-sided exact McNemar test
binomtest(w, w + l, 0.5, alternative="greater"). Promote iff the difference is positive and
p <= alpha; with no discordant pair, never. 95% and 99% intervals are paired bootstrap
percentiles in percentage points: task resamples default_rng(seed).integers(0, n, (R, n)),
each keeping a task's two outcomes together.

--json prints exactly: n, baseline_successes, challenger_successes, wins, losses, diff_pp,
p_value, ci95_pp, ci99_pp, alpha, promote, reason. --markdown prints a release-note section.
""")

PLAN_HELP = _reflow("""Exact power of the gate for a planned release split of N tasks, and the
minimum detectable effect (MDE) at the target power.

Model: tasks are independent; a task is discordant (only one strategy solves it) with
probability q, and a discordant task is a challenger win with probability (q + D) / (2q).
Without --discordance, q comes from independent outcomes: q = p1 (1 - p2) + p2 (1 - p1) with
p1 = P, p2 = P + D. Rates and effects are fractions (0.10 = 10 pp). The MDE keeps the same model
(a given q stays fixed) and is reported as not reachable if no effect up to 1 - P reaches the
target.
""")

gate_app = typer_app(help=GATE_HELP, invoke_without_command=True)

JsonFlag = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")]
Alpha = Annotated[float, typer.Option("--alpha", help="Significance level, in (0, 1).")]


def register(app: typer.Typer) -> None:
    app.add_typer(gate_app, name="gate")


def _changed(values: tuple[object, ...]) -> list[str]:
    """The options of `rsi gate` (in signature order) whose `values` are not their defaults."""
    defaults = (None, 0.05, 42, 10_000, False, False, False)
    names = (
        "--outcomes",
        "--alpha",
        "--seed",
        "--resamples",
        "--json",
        "--markdown",
        "--exit-code",
    )
    return [name for name, v, d in zip(names, values, defaults, strict=True) if v != d]


@gate_app.callback()
def gate(
    ctx: typer.Context,
    outcomes: Annotated[
        Path | None,
        typer.Option("--outcomes", metavar="FILE", help="Paired outcomes, CSV or JSON."),
    ] = None,
    alpha: Alpha = 0.05,
    seed: Annotated[int, typer.Option("--seed", help="Bootstrap seed.")] = 42,
    resamples: Annotated[
        int, typer.Option("--resamples", help="Bootstrap task resamples, at least 100.")
    ] = 10_000,
    as_json: JsonFlag = False,
    markdown: Annotated[
        bool, typer.Option("--markdown", help="Print a markdown release-note section.")
    ] = False,
    exit_code: Annotated[
        bool,
        typer.Option("--exit-code", help="Exit 1 when the decision is to retain the baseline."),
    ] = False,
) -> None:
    from search_space import UserInputError

    if ctx.invoked_subcommand is not None:
        # Options before the subcommand would be silently ignored; refuse any that change.
        given = _changed((outcomes, alpha, seed, resamples, as_json, markdown, exit_code))
        if given:
            raise UserInputError(
                f"options of `rsi gate` cannot precede `{ctx.invoked_subcommand}`; "
                f"pass them after it (got {', '.join(given)})"
            )
        return
    if outcomes is None:
        raise UserInputError("--outcomes FILE is required (or run `rsi gate plan`)")
    if as_json and markdown:
        raise UserInputError("choose one of --json and --markdown")

    from rsi.release import (
        gate_table,
        load_paired_outcomes,
        render_markdown,
        run_gate,
        validate_gate_settings,
    )

    validate_gate_settings(alpha, resamples)  # before reading, so a bad flag wins over the file
    paired = load_paired_outcomes(outcomes)
    report = run_gate(
        paired.baseline, paired.challenger, alpha=alpha, seed=seed, resamples=resamples
    )
    if as_json:
        print_json(report.to_json_dict())
    elif markdown:
        print(render_markdown(report), end="")
    else:
        console.print(gate_table(report))
    if exit_code and not report.promote:
        raise typer.Exit(1)  # as `git diff --exit-code`: scripts branch on the decision


@gate_app.command("plan", help=PLAN_HELP)
def plan(
    n: Annotated[int, typer.Option("--n", help="Release tasks N.")],
    baseline_rate: Annotated[
        float, typer.Option("--baseline-rate", help="Baseline success rate P, in [0, 1].")
    ],
    effect: Annotated[
        float, typer.Option("--effect", help="Planned effect D = challenger rate - P.")
    ],
    discordance: Annotated[
        float | None,
        typer.Option("--discordance", help="Discordance q (default: independence model)."),
    ] = None,
    alpha: Alpha = 0.05,
    power_target: Annotated[
        float, typer.Option("--power-target", help="Target power for the MDE.")
    ] = 0.8,
    as_json: JsonFlag = False,
) -> None:
    from rsi.release import plan_power, plan_table

    result = plan_power(
        n,
        baseline_rate,
        effect,
        discordance=discordance,
        alpha=alpha,
        power_target=power_target,
    )
    if as_json:
        print_json(result)
    else:
        console.print(plan_table(result))
