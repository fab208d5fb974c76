"""Minibatch sampling (rsi/engine/sampling.py): no task twice within an epoch, a new
shuffle each epoch, and the same batches for the same ids and seed in any order."""

from __future__ import annotations

from rsi.engine import minibatch


def test_minibatches_never_reuse_a_task_within_an_epoch() -> None:
    ids = [f"t{i}" for i in range(10)]
    batches = [minibatch(ids, r, size=3, seed=42, epochs=1) for r in range(1, 5)]
    assert batches[3] is None  # 10 tasks give three full batches of 3
    seen = [t for batch in batches[:3] for t in batch]  # type: ignore[union-attr]
    assert len(seen) == len(set(seen)) == 9
    assert batches[0] == minibatch(list(reversed(ids)), 1, size=3, seed=42, epochs=1)
    assert batches[0] != minibatch(ids, 1, size=3, seed=7, epochs=1)


def test_second_epoch_reshuffles() -> None:
    ids = [f"t{i}" for i in range(4)]
    batches = [minibatch(ids, r, size=2, seed=42, epochs=2) for r in range(1, 6)]
    assert batches[4] is None
    assert sorted(batches[0] + batches[1]) == sorted(ids)  # type: ignore[operator]
    assert sorted(batches[2] + batches[3]) == sorted(ids)  # type: ignore[operator]
