"""The prefetch store (rsi.execution.prefetch_store): a stored result comes back exactly as
it was written, a file that does not parse is no result, and infrastructure errors are
never kept."""

from __future__ import annotations

from pathlib import Path

from rsi.execution.prefetch_store import STORE_DIR, PrefetchStore
from rsi.journal import Evaluation, evaluation_op, op_file_name
from search_space import strategy_id
from tests.support.evaluator_rig import CHILD, SEED, fake_evaluation

OP = evaluation_op("release", strategy_id(CHILD), "t1", SEED)
RECORD: dict[str, object] = {"trace": {"steps": [1, 2]}, "judgement": {"initial": "fail"}}


def _result(**update: object) -> tuple[Evaluation, dict[str, object]]:
    evaluation = fake_evaluation(CHILD, "t1", "release", success=True)
    return evaluation.model_copy(update=update), RECORD


def test_a_stored_result_comes_back_as_written_and_only_for_its_op(tmp_path: Path) -> None:
    store = PrefetchStore(tmp_path)
    store.put(OP, _result())
    assert store.get(OP) == _result()
    assert store.get(OP.replace(str(SEED), "7")) is None
    assert [path.name for path in (tmp_path / STORE_DIR).iterdir()] == [
        op_file_name(OP)  # named as its trace file is
    ]


def test_a_file_that_does_not_parse_is_no_result(tmp_path: Path) -> None:
    store = PrefetchStore(tmp_path)
    store.put(OP, _result())
    (path,) = (tmp_path / STORE_DIR).iterdir()
    path.write_bytes(path.read_bytes()[:-9])  # torn
    assert store.get(OP) is None
    path.write_text('{"op": "eval:train:other:t9:42", "evaluation": {}, "record": {}}')
    assert store.get(OP) is None


def test_a_valid_file_stored_for_another_op_is_no_result(tmp_path: Path) -> None:
    """A well-formed file under this op's name that answers another op (a renamed or
    copied file) is not adopted. Fails with the store's op check put back out: the file
    below parses and validates, so only that check refuses it."""
    store = PrefetchStore(tmp_path)
    other = OP.replace(":t1:", ":t2:")
    store.put(other, _result())
    (tmp_path / STORE_DIR / op_file_name(other)).rename(tmp_path / STORE_DIR / op_file_name(OP))
    assert store.get(OP) is None


def test_an_infrastructure_error_is_not_kept(tmp_path: Path) -> None:
    store = PrefetchStore(tmp_path)
    store.put(OP, _result(infra_error="sandbox: initial: infrastructure failure"))
    assert store.get(OP) is None and not (tmp_path / STORE_DIR).exists()


def test_an_evaluation_comes_back_as_the_journal_would_write_it(tmp_path: Path) -> None:
    """A set in its trace is a list in the journal's JSON: the stored one is the same."""
    store = PrefetchStore(tmp_path)
    evaluation = _result(trace={"tally": {3}})[0]
    store.put(OP, (evaluation, RECORD))
    stored = store.get(OP)
    assert stored is not None
    assert stored[0].model_dump(mode="json") == evaluation.model_dump(mode="json")
    assert stored[0].trace == {"tally": [3]}


def test_a_record_holding_an_object_json_does_not_know_is_stored_as_its_text(
    tmp_path: Path,
) -> None:
    """As `Evaluator.write_trace` writes it (`default=str`). Before, the record went
    through pydantic's JSON mode, which refuses such an object: the prefetcher raised."""

    class Odd:
        def __str__(self) -> str:
            return "odd"

    store = PrefetchStore(tmp_path)
    store.put(OP, (_result()[0], {"trace": {"seen": Odd()}}))
    stored = store.get(OP)
    assert stored is not None and stored[1] == {"trace": {"seen": "odd"}}


def test_keep_only_and_clear(tmp_path: Path) -> None:
    store = PrefetchStore(tmp_path)
    other = OP.replace(":t1:", ":t2:")
    store.put(OP, _result())
    store.put(other, _result())
    store.keep_only([other])
    assert store.get(OP) is None and store.get(other) is not None
    store.clear()
    assert not (tmp_path / STORE_DIR).exists()
    store.keep_only([])  # nothing stored: nothing to do
    store.clear()  # a search that never prefetched finishes as well


def test_a_record_is_stored_as_its_trace_file_would_be_written(tmp_path: Path) -> None:
    """Paths and other objects become their text and integer keys strings, as
    `Evaluator.write_trace` writes them: what a resumed search journals and traces does not
    depend on whether the result was stored."""
    store = PrefetchStore(tmp_path)
    record: dict[str, object] = {"trace": {"workdir": tmp_path / "w", 3: (1, 2)}}
    store.put(OP, (_result()[0], record))
    stored = store.get(OP)
    assert stored is not None
    assert stored[1] == {"trace": {"workdir": str(tmp_path / "w"), "3": [1, 2]}}
