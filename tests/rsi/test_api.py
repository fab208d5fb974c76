"""The Python API: the README's example runs as written (on a small config), and a run's
typed view agrees with its journal; the CLI's status and the API say the same."""

from __future__ import annotations

import contextlib
import doctest
import io
import json
import re
import shutil
from pathlib import Path

import pytest

import rsi
import rsi.api as api_module
from rsi.config import load_config
from rsi.release import ReleaseLedger
from rsi.release.ledger import LEDGER_FILE
from tests.support.cli_helpers import assert_one_line_user_error, run_rsi
from tests.support.search_fixtures import (
    ROOT,
    SMALL_RUN,
    SmallSearch,
    corpus_slice,
    write_small_config,
)

pytestmark = pytest.mark.slow


def readme_example() -> str:
    """The README's Python example (the fenced block after the `<!-- api-example -->` mark)."""
    text = (ROOT / "README.md").read_text()
    found = re.search(r"<!-- api-example -->\s*```python\n(.*?)```", text, re.DOTALL)
    assert found, "README lost its Python API example"
    return found.group(1)


@pytest.fixture(scope="module")
def small_config(tmp_path_factory: pytest.TempPathFactory) -> Path:
    home = tmp_path_factory.mktemp("api")
    return write_small_config(home, tasks=corpus_slice(home), workers=2)


def test_the_readme_example_runs_as_written(small_config: Path) -> None:
    code = readme_example().replace("experiments/quickstart.toml", str(small_config))
    assert code.count("\n") <= 12, "the example should stay about ten lines"
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(code, "README.md", "exec"), {})  # our own README, run as a user would
    assert printed.getvalue().strip(), "the example prints what it shows"


def test_the_api_docstring_examples_run_as_doctests(small_config: Path) -> None:
    (examples,) = doctest.DocTestFinder(recurse=False).find(api_module, "rsi.api")
    assert len(examples.examples) >= 5, "the module docstring lost its examples"
    for example in examples.examples:
        example.source = example.source.replace("experiments/quickstart.toml", str(small_config))
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    results = runner.run(examples, out=lambda text: pytest.fail(text))
    assert (results.failed, results.attempted) == (0, len(examples.examples))


def test_run_view_matches_the_journal(small_config: Path) -> None:
    run = rsi.search(small_config, lineage=None)  # finished above: this only reads it back
    events = [json.loads(x) for x in (run.run_dir / "events.jsonl").read_text().splitlines()]
    kinds = [e["type"] for e in events]
    assert run.finished and run.gate is not None and run.champion is not None
    assert len(run.rounds) == kinds.count("round_started")
    assert [r.verdict for r in run.rounds] == [
        "kept" if e["data"]["passed"] else "discarded" for e in events if e["type"] == "screened"
    ]
    assert len(run.kept) == kinds.count("candidate_kept")
    gate = next(e for e in events if e["type"] == "gate_decided")["data"]["report"]
    assert run.gate.to_json_dict() == gate
    assert rsi.load_run(run.run_dir).summary == run.summary
    assert run.refused is None


def test_gate_accepts_files_pairs_and_outcome_models(tmp_path: Path) -> None:
    baseline, challenger = [0, 0, 0, 0, 0, 1], [1, 1, 1, 1, 1, 1]
    direct = rsi.gate((baseline, challenger))
    assert (direct.wins, direct.losses, direct.p_value) == (5, 0, 0.03125)
    path = tmp_path / "outcomes.csv"
    rows = "".join(
        f"t{i},{b},{c}\n" for i, (b, c) in enumerate(zip(baseline, challenger, strict=True))
    )
    path.write_text("task_id,baseline,challenger\n" + rows)
    assert rsi.gate(path) == direct


def test_a_second_search_on_a_taken_split_is_refused_before_paying(
    small_search: SmallSearch, tmp_path: Path
) -> None:
    """Same [data] seed, another run directory: refused at start, named, and status says so.
    The first search is the session's small search: its ledger is copied, never changed."""
    config = write_small_config(tmp_path, tasks=small_search.tasks, workers=2)
    resolved = load_config(config)
    resolved.experiment.runs_dir.mkdir(parents=True)
    shutil.copy(small_search.runs_dir / LEDGER_FILE, resolved.experiment.runs_dir / LEDGER_FILE)
    first = SMALL_RUN
    second_dir = tmp_path / "second"
    second = run_rsi("search", str(config), "--run-dir", str(second_dir), "--json")
    assert_one_line_user_error(
        second, f"decided a gate in run {first}", "--override-consumed", "[data] seed"
    )
    # refused before its first event: nothing journaled, only why
    assert sorted(p.name for p in second_dir.iterdir()) == ["refused.txt"]
    status = run_rsi("status", str(second_dir), "--json")
    assert status.returncode == 0
    assert f"decided a gate in run {first}" in json.loads(status.stdout)["refused"]
    shown = run_rsi("status", str(second_dir)).stdout  # plain text: no bracket is eaten
    assert "refused: " in shown and "use another [data] seed" in shown

    first_events = [
        json.loads(x) for x in (small_search.run_dir / "events.jsonl").read_text().splitlines()
    ]
    release_hash = next(e for e in first_events if e["type"] == "split_recorded")["data"]["hashes"][
        "release"
    ]
    overridden = run_rsi(
        "search", str(config), "--run-dir", str(second_dir), "--override-consumed", "--json"
    )
    assert overridden.returncode == 0, overridden.stderr
    gate = json.loads(overridden.stdout)["gate"]
    assert gate["override"] is True and gate["earlier_runs"] == [first]
    markdown = run_rsi("release", str(second_dir), "--markdown")
    assert "Override" in markdown.stdout and first in markdown.stdout
    status = run_rsi("status", str(second_dir))
    assert "override" in status.stdout and f"by {first}" in status.stdout
    ledger = ReleaseLedger(resolved.experiment.runs_dir).entries()
    assert [(e.run_id, e.override, e.status) for e in ledger if e.release_hash == release_hash] == [
        (first, False, "reserved"),
        (first, False, "consumed"),
        ("second", True, "reserved"),
        ("second", True, "consumed"),
    ]
