"""How the gate's numbers are written, in its reasons and in its reports (a leaf: the gate
and the report both import it, so neither imports the other)."""

from __future__ import annotations


def format_p(p: float) -> str:
    """Six decimals like the paper (0.006470); scientific below 1e-4 so it never reads 0."""
    return f"{p:.6f}" if p >= 1e-4 else f"{p:.2e}"


def format_pp(value: float) -> str:
    return f"{value:+.1f}"


def format_interval(interval: tuple[float, float]) -> str:
    return f"[{format_pp(interval[0])}, {format_pp(interval[1])}]"
