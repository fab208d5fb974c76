"""Percentage bars drawn with eighth-block characters."""

FULL = "\u2588"


def percent_bars(items, width=20):
    """Return one bar line per (label, fraction) pair, joined by newlines."""
    raise NotImplementedError("percent_bars is not implemented yet")
