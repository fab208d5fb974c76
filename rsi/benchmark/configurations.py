"""The five TestHelix configurations of paper Appendix D.4 (Table 3), A to E.

A configuration is a harness configuration (`[runner.testhelix] configuration`), a pair
count K (the strategy's `initialCandidates` and `maxCandidates`) and which strategy runs:
the initial one (A to D) or the frozen RSI champion (E, at its own K, which the paper's
search keeps frozen at 3). The scripted runner has no pairs: under it A to D run the same
author on the same strategy fields, and only E differs.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from search_space import Strategy, UserInputError

Harness = Literal["single", "random-submission", "peer-cross-validation"]


class BenchConfiguration(BaseModel):
    """One row of Table 3."""

    model_config = ConfigDict(frozen=True)

    letter: str
    title: str
    harness: Harness
    pairs: int | None  # K; None: the champion's own
    rsi: bool = False


CONFIGURATIONS: dict[str, BenchConfiguration] = {
    c.letter: c
    for c in (
        BenchConfiguration(letter="A", title="single pair", harness="single", pairs=1),
        BenchConfiguration(
            letter="B", title="3 pairs, random submission", harness="random-submission", pairs=3
        ),
        BenchConfiguration(
            letter="C", title="peer cross-validation, K=3", harness="peer-cross-validation", pairs=3
        ),
        BenchConfiguration(
            letter="D", title="peer cross-validation, K=5", harness="peer-cross-validation", pairs=5
        ),
        BenchConfiguration(
            letter="E",
            title="C with the RSI strategy",
            harness="peer-cross-validation",
            pairs=None,
            rsi=True,
        ),
    )
}
# The paired differences the paper reads (D.4): heterogeneous synthesis, peer
# cross-validation, and the RSI increment (E against C, not the adjacent D).
COMPARISONS: tuple[tuple[str, str], ...] = (("A", "B"), ("B", "C"), ("C", "E"))


def parse_configurations(text: str) -> tuple[BenchConfiguration, ...]:
    """`A,C,E` -> those configurations in table order; a one-line error for anything else."""
    letters = [part.strip().upper() for part in text.split(",") if part.strip()]
    unknown = [letter for letter in letters if letter not in CONFIGURATIONS]
    if unknown or not letters:
        raise UserInputError(
            f"unknown configuration {', '.join(unknown) or repr(text)}; use letters A to E",
            source="--configurations",
        )
    return tuple(CONFIGURATIONS[letter] for letter in sorted(set(letters)))


def with_pairs(strategy: Strategy, pairs: int) -> Strategy:
    """`strategy` with K pairs started in round 1 and no more after (validated)."""
    data = strategy.model_dump(mode="json", by_alias=True)
    return Strategy.model_validate({**data, "initialCandidates": pairs, "maxCandidates": pairs})


def configuration_strategy(
    configuration: BenchConfiguration, initial: Strategy, champion: Strategy | None
) -> Strategy:
    """The strategy a configuration runs: the champion for E, else the initial one at K."""
    if configuration.rsi:
        if champion is None:
            raise UserInputError(
                "configuration E needs the RSI strategy: --strategy RUN_DIR or a strategy file",
                source="--strategy",
            )
        return champion
    assert configuration.pairs is not None
    return with_pairs(initial, configuration.pairs)
