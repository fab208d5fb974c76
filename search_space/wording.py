"""Counts in words, for every message a person reads: "1 win", "2 wins", never "1 wins"."""

from __future__ import annotations


def counted(count: int, singular: str, plural: str | None = None) -> str:
    """`count` and the noun agreeing with it; `plural` defaults to `singular` + "s".

    >>> counted(1, "regression"), counted(0, "win"), counted(3, "match", "matches")
    ('1 regression', '0 wins', '3 matches')
    """
    noun = singular if count == 1 else (plural or f"{singular}s")
    return f"{count} {noun}"
