"""A run's model spend as `rsi status` shows it: usage and dollars per scope, the prompt
cache's share and what it saved, the usage of evaluations a model stop abandoned."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rsi.cli.output import console, unreported

if TYPE_CHECKING:  # imported when a command runs (rsi/cli/__init__.py)
    from evaluators.llm import Price
    from rsi.forecast import Spend, Tokens


def spend_json(spent: Spend) -> dict[str, object]:
    return {
        **spent.model_dump(mode="json"),
        "total_usd": spent.total_usd,
        "abandoned_usd": spent.abandoned_usd,
        "cache_saved_usd": {s: spent.saved_usd(s) for s, m in spent.models.items() if m},
    }


def render_spend(spent: Spend) -> None:
    """Model usage per scope beside its dollars (or why there are none)."""
    for scope, model in spent.models.items():
        if model is None:
            continue
        tokens, usd = spent.tokens[scope], spent.usd[scope]
        money = "price unknown" if usd is None else f"${usd:,.2f}"
        console.print(
            f"{scope} model usage ({model}): {tokens.calls:,.0f} calls, "
            f"{tokens.input_tokens:,.0f} input and {tokens.output_tokens:,.0f} output tokens, "
            f"{money}"
        )
        if tokens.estimated_calls:
            console.print(f"  {unreported(tokens.model_dump())}")
        cached = cache_line(tokens, spent.prices.get(scope), spent.saved_usd(scope))
        if cached:
            console.print(f"  {cached}")
        if scope != "generator":
            continue
        lost = spent.abandoned
        if lost.calls:  # in the totals above, said apart: no journaled evaluation holds it
            usd_lost = "" if spent.abandoned_usd is None else f", ${spent.abandoned_usd:,.2f}"
            console.print(
                f"  of which in evaluations a model stop abandoned: {lost.calls:,.0f} calls, "
                f"{lost.input_tokens:,.0f} input and {lost.output_tokens:,.0f} output "
                f"tokens{usd_lost}"
            )
        if spent.remembered_calls:
            console.print(
                f"  harness calls answered from memory (not billed): {spent.remembered_calls:,}"
            )
    if spent.total_usd is not None and sum(m is not None for m in spent.models.values()) > 1:
        console.print(f"spent in all: ${spent.total_usd:,.2f}")


def cache_line(tokens: Tokens, price: Price | None, saved: float | None) -> str:
    """The prompt cache's part of the input tokens and the dollars it saved ("" if none)."""
    read, written = tokens.cache_read_input_tokens, tokens.cache_write_input_tokens
    if not (read or written):
        return ""
    fresh = tokens.input_tokens - read - written
    line = (
        f"prompt cache: {read:,.0f} input tokens read, {written:,.0f} written, {fresh:,.0f} fresh"
    )
    if saved is not None:
        line += f"; saved ${saved:,.2f}" if saved >= 0 else f"; cost ${-saved:,.2f} more"
    if price is not None and price.unpriced_rates():
        line += f" ({' and '.join(price.unpriced_rates())} unpriced: at the input rate)"
    return line
