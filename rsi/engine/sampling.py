"""The run's split into data roles, and minibatches of proposal tasks that no earlier round
used (epoch-shuffled, seeded)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from evaluators.tasks import TaskSet
from rsi.config import SplitConfig
from rsi.journal import SplitRecorded
from search_space import UserInputError


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


def plan_split(
    config: SplitConfig, tasks: TaskSet, recorded: SplitRecorded | None
) -> SplitRecorded | None:
    """The split to record (`[data]` sizes and seed), or None when the journal holds one
    (it stands on resume, even if the pool has grown; a task of it gone from the pool is an
    error naming `config.pool`)."""
    if recorded is not None:
        known = set(tasks.ids)
        missing = sorted(t for ids in recorded.roles.values() for t in ids if t not in known)
        if missing:
            raise UserInputError(
                f"task {missing[0]!r} of the recorded split is gone from the pool",
                source=str(config.pool),
            )
        return None
    data = config.data
    sizes = {"proposal": data.proposal, "dev": data.dev, "release": data.release}
    if data.test:
        sizes["test"] = data.test
    try:
        splits = tasks.split(sizes, seed=data.seed)
    except UserInputError as error:
        keys = ", ".join(sizes)
        raise UserInputError(f"[data] {keys}: {error.message}", source=config.source) from None
    wanted = [split for split in splits.roles if split.role.value in sizes]
    return SplitRecorded(
        seed=data.seed,
        roles={split.role.value: split.ids for split in wanted},
        hashes={split.role.value: split.sha256 for split in wanted},
        families={split.role.value: len(split.families) for split in wanted},
    )
