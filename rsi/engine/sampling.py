"""Minibatches of proposal tasks that no earlier round used (epoch-shuffled, seeded)."""

from __future__ import annotations

import random
from collections.abc import Sequence


def epoch_order(proposal_ids: Sequence[str], *, seed: int, epochs: int) -> list[str]:
    """All proposal ids, shuffled independently per epoch, epochs concatenated."""
    order: list[str] = []
    for epoch in range(epochs):
        ids = sorted(proposal_ids)
        random.Random(f"{seed}:epoch:{epoch}").shuffle(ids)
        order.extend(ids)
    return order


def minibatch(
    proposal_ids: Sequence[str], round_number: int, *, size: int, seed: int, epochs: int
) -> tuple[str, ...] | None:
    """The tasks of round `round_number` (1-based), or None once the epochs are exhausted.

    Round r takes the r-th slice of the epoch order, so a round never reuses a task of an
    earlier round within an epoch, and a resumed run draws exactly the same batches.
    """
    order = epoch_order(proposal_ids, seed=seed, epochs=epochs)
    start = (round_number - 1) * size
    batch = order[start : start + size]
    if len(batch) < size:
        return None
    per_epoch = len(proposal_ids)
    if start // per_epoch != (start + size - 1) // per_epoch:
        return None  # never straddle two epochs: the batch would repeat a task
    return tuple(batch)
