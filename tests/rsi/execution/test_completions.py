"""`Completions`: a pool's finished handles, handed out as they finish, only to their waiter."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

from rsi.execution.completions import Completions


def test_take_returns_the_finished_among_pending_and_keeps_the_rest() -> None:
    completions = Completions()
    for handle in ("a", "b", "c"):
        completions.note(handle)
    assert completions.take({"b": "", "z": ""}, timeout=0) == ["b"]
    assert completions.take({"a": "", "c": ""}, timeout=0) == ["a", "c"]  # finishing order
    assert completions.take({"a": "", "c": ""}, timeout=0) == []  # each handed out once


def test_take_waits_for_a_completion_from_another_thread() -> None:
    completions = Completions()
    with ThreadPoolExecutor(1) as executor:
        gate = threading.Event()
        future = executor.submit(gate.wait, 60)
        future.add_done_callback(completions.note)
        assert completions.take({future: ""}, timeout=0.01) == []
        gate.set()
        assert completions.take({future: ""}, timeout=60) == [future]


def test_forgotten_handles_are_never_handed_out_and_not_kept() -> None:
    completions = Completions()
    completions.note("done-before")
    completions.forget(["done-before", "done-after"])
    completions.note("done-after")
    assert completions.take({"done-before": "", "done-after": ""}, timeout=0) == []
    assert not completions._done and not completions._forgotten  # nothing grows
