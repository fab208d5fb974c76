"""Prefetch (rsi.execution.prefetch): a prefetched batch runs only in slots real
work leaves idle, reaches the journal only when a batch asks for the same ops, is never
paid twice, and a prefetch never asked for is dropped unseen.

The evaluator rig of tests/support/evaluator_rig.py: a real ThreadPoolExecutor and Journal,
with `evaluate_one` replaced by a worker whose gated tasks finish when the test says so.
"""

from __future__ import annotations

import time
from concurrent.futures import wait
from pathlib import Path

import pytest

from rsi.config import ExperimentConfig, load_config
from rsi.execution import PrefetchBatch, StopRequested
from rsi.execution.prefetch_store import STORE_DIR
from rsi.journal import op_file_name
from search_space import strategy_id
from tests.support.evaluator_rig import CHILD, PARENT, Background, Rig, Worker, rig
from tests.support.search_fixtures import write_small_config


def test_a_prefetched_batch_runs_in_idle_slots_and_is_journaled_only_when_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    worker = Worker({"b": True}, gated=["a"])
    with rig(tmp_path, monkeypatch, worker, max_in_flight=2) as r:
        r.evaluator.prefetching = True
        r.evaluator.prefetch([PrefetchBatch(CHILD, ("b", "c"), "release")])
        call = Background(lambda: r.evaluator.evaluate(PARENT, ["a"], "train"))
        # `a` holds one slot; the other runs the prefetch, one evaluation at a time.
        assert r.spy.reached(1) == (["a", "b"], 0)
        worker.open("a")
        call.join()
        assert r.recorded == [r.op("a")]  # the prefetch is not in the journal
        results = r.evaluator.evaluate(CHILD, ["b", "c"], "release")
        assert r.recorded == [r.op("a")] + [r.op(t, "release", CHILD) for t in ("b", "c")]
        assert results["b"].success and not results["c"].success
        assert results["b"].strategy_id == strategy_id(CHILD)
        stats = r.evaluator.prefetcher.stats
    # Each op was paid for once, and `paid` counts what the journal holds.
    assert sorted(worker.paid_tasks()) == ["a", "b", "c"] and r.evaluator.paid == 3
    assert (stats.submitted, stats.adopted, stats.dropped) == (2, 2, 0)


def test_prefetched_work_still_running_is_adopted_not_submitted_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    worker = Worker(gated=["b"])
    with rig(tmp_path, monkeypatch, worker, max_in_flight=2) as r:
        r.evaluator.prefetching = True
        r.evaluator.prefetch([PrefetchBatch(CHILD, ("b",), "train")])
        r.evaluator.evaluate(PARENT, ["a"], "train")
        call = Background(lambda: r.evaluator.evaluate(CHILD, ["b"], "train"))
        assert r.spy.reached(2)[0] == ["b"]  # the batch waits on the prefetched run itself
        worker.open("b")
        call.join()
    assert worker.paid_tasks().count("b") == 1
    assert r.recorded == [r.op("a"), r.op("b", strategy=CHILD)]


def test_real_work_goes_first_and_prefetched_work_fills_the_slot_it_leaves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with rig(tmp_path, monkeypatch, Worker(), max_in_flight=1) as r:
        r.evaluator.prefetching = True
        submitted = r.watch_submissions()
        r.evaluator.prefetch(
            [PrefetchBatch(CHILD, ("x",), "train"), PrefetchBatch(CHILD, ("y",), "dev")]
        )
        r.evaluator.evaluate(PARENT, ["a", "b", "c"], "train")
        # One slot: the prefetch starts only once the batch has nothing left to submit (its
        # first evaluation keeps the slot busy while the driver decides what is next)...
        assert submitted == ["a", "b", "c", "x"]
        r.evaluator.evaluate(PARENT, ["d"], "train")
        # ...and one prefetched evaluation at a time, so the next batch waits for one at most;
        # the prefetches run in the order given.
        assert submitted == ["a", "b", "c", "x", "d", "y"]


def test_prefetched_work_never_asked_for_never_reaches_the_journal_and_is_dropped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    worker = Worker()
    with rig(tmp_path, monkeypatch, worker, max_in_flight=2) as r:
        r.evaluator.prefetching = True
        r.evaluator.prefetch([PrefetchBatch(CHILD, ("b", "c"), "train")])
        r.evaluator.evaluate(PARENT, ["a"], "train")
        r.evaluator.evaluate(PARENT, ["d"], "train")  # both prefetches run by now
        r.evaluator.prefetch([PrefetchBatch(PARENT, ("e",), "train")])  # replaced: dropped
        r.evaluator.evaluate(PARENT, ["b", "c", "e"], "train")
        r.evaluator.prefetch([PrefetchBatch(CHILD, ("f",), "train")])
        r.evaluator.evaluate(PARENT, ["g"], "train")
        r.evaluator.close(finished=True)  # the search ended before asking for `f`
        stats = r.evaluator.prefetcher.stats
        journaled = [event.op for event in r.journal.events]
    assert journaled == [r.op(t) for t in ("a", "d", "b", "c", "e", "g")]
    assert not any(strategy_id(CHILD) in op for op in journaled)
    child_runs = [task for sid, task, _ in worker.calls if sid == strategy_id(CHILD)]
    assert sorted(child_runs) == ["b", "c", "f"] and stats.dropped == 3
    assert stats.submitted == stats.adopted + stats.dropped


def test_prefetched_results_beyond_the_journal_window_do_not_stall_a_batch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Window 2, four prefetched results already done after a task that was not prefetched."""
    worker = Worker()
    tasks = ["t0", "t1", "t2", "t3", "t4"]
    with rig(tmp_path, monkeypatch, worker, max_in_flight=1) as r:
        r.evaluator.prefetching = True
        r.evaluator.prefetch([PrefetchBatch(CHILD, tuple(tasks[1:]), "train")])
        for index in range(4):  # each batch's end lets one more prefetched run start
            r.evaluator.evaluate(PARENT, [f"pad{index}"], "train")
        results = r.evaluator.evaluate(CHILD, tasks, "train")
    assert list(results) == tasks
    assert r.recorded[-5:] == [r.op(t, strategy=CHILD) for t in tasks]
    assert sorted(t for s, t, _ in worker.calls if s == strategy_id(CHILD)) == tasks


def test_prefetched_work_already_journaled_is_not_run_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A resumed search prefetches again; what its journal holds is never paid twice."""
    worker = Worker()
    with rig(tmp_path, monkeypatch, worker, max_in_flight=2) as r:
        r.evaluator.evaluate(CHILD, ["b"], "release")
        r.evaluator.prefetching = True
        r.evaluator.prefetch([PrefetchBatch(CHILD, ("b", "c"), "release")])
        r.evaluator.evaluate(PARENT, ["a"], "train")
        r.evaluator.evaluate(CHILD, ["b", "c"], "release")
    assert worker.paid_tasks().count("b") == 1 and sorted(worker.paid_tasks()) == ["a", "b", "c"]


def test_prefetched_results_finished_before_a_kill_are_adopted_not_run_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A resumed search (a new evaluator on the same run dir) adopts the stored results
    of the one that died; the store is gone once the search has finished."""
    store = tmp_path / "run" / STORE_DIR
    first = Worker({"b": True}, gated=["a"])
    with rig(tmp_path, monkeypatch, first, max_in_flight=2) as r:
        r.evaluator.prefetching = True
        r.evaluator.prefetch([PrefetchBatch(CHILD, ("b", "c"), "release")])
        call = Background(lambda: r.evaluator.evaluate(PARENT, ["a"], "train"))
        assert r.spy.reached(3)[0] == ["a"]  # `b` and `c` ran in the free slot, one by one
        assert len(list(store.iterdir())) == 2
        first.open("a")
        call.join()  # and the process dies here: nothing of `b` or `c` was journaled
    assert first.paid_tasks() == ["a", "b", "c"]

    again = Worker()  # were `b` run again, it would now fail
    with rig(tmp_path, monkeypatch, again, max_in_flight=2) as r:
        r.evaluator.prefetching = True
        r.evaluator.prefetch([PrefetchBatch(CHILD, ("b", "c", "d"), "release")])
        results = r.evaluator.evaluate(CHILD, ["b", "c", "d"], "release")
        stats = r.evaluator.prefetcher.stats
        assert r.recorded == [r.op(t, "release", CHILD) for t in ("b", "c", "d")]
        r.evaluator.close(finished=True)
    assert again.paid_tasks() == ["d"]
    assert results["b"].success and not results["c"].success
    assert (stats.restored, stats.submitted, stats.adopted) == (2, 0, 2)  # `d` ran as real work
    assert not store.exists()


def test_stored_results_of_journaled_ops_are_deleted_and_a_stop_keeps_the_others(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = tmp_path / "run" / STORE_DIR
    with rig(tmp_path, monkeypatch, Worker(), max_in_flight=1) as r:
        r.evaluator.prefetching = True
        r.evaluator.prefetch([PrefetchBatch(CHILD, ("b", "c"), "train")])
        for pad in ("p0", "p1", "p2"):  # each batch's end lets one prefetch run and finish
            r.evaluator.evaluate(PARENT, [pad], "train")
        assert len(list(store.iterdir())) == 2
        r.evaluator.evaluate(CHILD, ["b"], "train")
        r.evaluator.close(finished=False)  # a stop: `c` stays for the resume
    with rig(tmp_path, monkeypatch, Worker(), max_in_flight=1) as r:
        r.evaluator.prefetching = True
        r.evaluator.prefetch([PrefetchBatch(CHILD, ("b", "c"), "train")])  # `b` is journaled
        assert [path.name for path in store.iterdir()] == [op_file_name(r.op("c", strategy=CHILD))]


def test_without_prefetching_prefetched_work_is_ignored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    worker = Worker()
    with rig(tmp_path, monkeypatch, worker, max_in_flight=2) as r:
        assert r.evaluator.prefetching is False  # the evaluator's default
        r.evaluator.prefetch([PrefetchBatch(CHILD, ("b",), "train")])
        r.evaluator.evaluate(PARENT, ["a"], "train")
    assert worker.paid_tasks() == ["a"]


def test_a_stop_leaves_prefetched_work_unjournaled_and_close_forgets_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    worker = Worker(gated=["b", "x"])
    stopping = {"now": False}
    with rig(
        tmp_path, monkeypatch, worker, max_in_flight=2, should_stop=lambda: stopping["now"]
    ) as r:
        r.evaluator.prefetching = True
        r.evaluator.prefetch([PrefetchBatch(CHILD, ("x",), "train")])
        r.evaluator.evaluate(PARENT, ["a"], "train")
        call = Background(lambda: r.evaluator.evaluate(PARENT, ["b", "c"], "train"))
        assert r.spy.reached(2)[0] == ["b", "x"]  # the prefetch holds the other slot
        stopping["now"] = True
        worker.open("x", "b")
        with pytest.raises(StopRequested):
            call.join()
        r.evaluator.close(finished=False)
    assert r.recorded == [r.op("a"), r.op("b")]
    assert "c" not in worker.paid_tasks()
    assert r.evaluator.prefetcher.stats.dropped == 1


# --- the prefetcher alone: its list, its results and its counts -------------------------------


def _run_ahead(r: Rig, *task_ids: str) -> list[object]:
    """List `task_ids` (CHILD, train) and submit each; their pool handles."""
    r.evaluator.prefetch([PrefetchBatch(CHILD, task_ids, "train")])
    prefetcher = r.evaluator.prefetcher
    for _ in task_ids:
        assert prefetcher.submit_next()
    return list(prefetcher.running)


def test_a_new_list_keeps_the_finished_results_it_still_holds_and_drops_the_rest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with rig(tmp_path, monkeypatch, Worker(), max_in_flight=2) as r:
        r.evaluator.prefetching = True
        prefetcher = r.evaluator.prefetcher
        handles = _run_ahead(r, "b", "c")
        wait(handles)  # type: ignore[arg-type]
        prefetcher.reap(handles)
        r.evaluator.prefetch([PrefetchBatch(CHILD, ("b",), "train")])
        stats = prefetcher.stats
        assert (stats.dropped, stats.restored) == (1, 0)  # `b` kept in memory, not re-read
        assert prefetcher.take(r.op("c", strategy=CHILD)) is None
        kept = prefetcher.take(r.op("b", strategy=CHILD))
        assert kept is not None and kept.result is not None
        assert kept.result[0].task_id == "b" and stats.adopted == 1
        assert not prefetcher.submit_next()  # nothing left to run


def test_a_new_list_never_runs_again_what_is_running_or_done(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    worker = Worker(gated=["b"])
    with rig(tmp_path, monkeypatch, worker, max_in_flight=2) as r:
        r.evaluator.prefetching = True
        prefetcher = r.evaluator.prefetcher
        (done,) = _run_ahead(r, "d")
        wait([done])  # type: ignore[list-item]
        prefetcher.reap([done])
        r.evaluator.prefetch([PrefetchBatch(CHILD, ("d", "b"), "train")])
        assert prefetcher.submit_next()  # `b`, now running
        r.evaluator.prefetch([PrefetchBatch(CHILD, ("b", "c", "d"), "train")])
        assert prefetcher.submit_next() and not prefetcher.submit_next()  # `c` alone
        worker.open("b")
        wait(list(prefetcher.running))  # type: ignore[arg-type]
        assert prefetcher.stats.restored == 0
    assert sorted(worker.paid_tasks()) == ["b", "c", "d"]


def test_results_finishing_after_they_were_unlisted_are_dropped_unstored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Both reaped together; their seconds still count for the longest-first order."""
    worker = Worker(gated=["b", "c"])
    with rig(tmp_path, monkeypatch, worker, max_in_flight=2) as r:
        r.evaluator.prefetching = True
        prefetcher = r.evaluator.prefetcher
        before = time.monotonic()
        handles = _run_ahead(r, "b", "c")
        r.evaluator.prefetch([])  # the search no longer needs them; they cannot be stopped
        worker.open("b", "c")
        wait(handles)  # type: ignore[arg-type]
        seconds = prefetcher.reap(handles)
        elapsed = time.monotonic() - before
        assert prefetcher.stats.dropped == 2 and prefetcher.running == {}
        assert prefetcher.take(r.op("b", strategy=CHILD)) is None
        assert not (tmp_path / "run" / STORE_DIR).exists()
    assert set(seconds) == {"b", "c"}
    assert all(0.0 <= s <= elapsed for s in seconds.values())


def test_a_running_evaluation_is_handed_over_with_its_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    worker = Worker(gated=["b", "c"])
    with rig(tmp_path, monkeypatch, worker, max_in_flight=2) as r:
        r.evaluator.prefetching = True
        prefetcher = r.evaluator.prefetcher
        before = time.monotonic()
        handles = _run_ahead(r, "b", "c")
        for task_id, handle in zip(("b", "c"), handles, strict=True):
            adopted = prefetcher.take(r.op(task_id, strategy=CHILD))
            assert adopted is not None and (adopted.result, adopted.handle) == (None, handle)
            assert before <= adopted.started <= time.monotonic()
        assert prefetcher.stats.adopted == 2 and prefetcher.running == {}
        worker.open("b", "c")


def test_close_cancels_what_is_still_running_and_counts_it_dropped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    worker = Worker(gated=["b"])
    with rig(tmp_path, monkeypatch, worker, max_in_flight=2) as r:
        r.evaluator.prefetching = True
        prefetcher = r.evaluator.prefetcher
        _run_ahead(r, "b")
        r.evaluator.close(finished=False)
        assert prefetcher.running == {} and prefetcher.stats.dropped == 1
        assert not prefetcher.submit_next()
        worker.open("b")


@pytest.mark.parametrize(
    ("runner", "prefetch", "prefetches"),
    [
        ("scripted", "auto", True),
        ("testhelix", "auto", False),
        ("testhelix", "on", True),
        ("scripted", "off", False),
    ],
)
def test_auto_runs_ahead_only_where_unasked_work_costs_nothing(
    tmp_path: Path, runner: str, prefetch: str, prefetches: bool
) -> None:
    data = load_config(write_small_config(tmp_path)).model_dump()
    data["runner"]["kind"] = runner
    data["llm"] = {"model": "openai/stand-in", "api_key_env": "RSI_TEST_KEY"}
    default = ExperimentConfig.model_validate(data)
    data["search"]["prefetch"] = prefetch
    config = ExperimentConfig.model_validate(data)
    assert config.prefetches() is prefetches
    assert config.fingerprint() == default.fingerprint()  # the journal is the same either way
