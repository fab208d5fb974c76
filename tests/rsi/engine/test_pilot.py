"""`rsi pilot` on the offline stack: ordinary evaluations in the search's own journal.

A piloted search journals exactly what an unpiloted one does (the same ops with the same
payloads); only the pilot's evaluations sit before the search's start. The pilot never
evaluates a dev or release task, and a run directory of another config is refused.
"""

from __future__ import annotations

import json
from pathlib import Path

from rsi.config import load_config
from rsi.engine import Engine, run_pilot
from rsi.journal import read_events
from tests.support.cli_helpers import assert_one_line_user_error, run_rsi
from tests.support.search_fixtures import SmallSearch, write_small_config


def _ops(run: Path) -> dict[str, str]:
    """Each op's payload; the run id is the directory's name, so it is left out."""
    return {
        e.op: json.dumps(e.data.model_dump(mode="json", exclude={"run_id"}), sort_keys=True)
        for e in read_events(run)
    }


def test_a_piloted_search_journals_what_an_unpiloted_one_does(
    small_search: SmallSearch, tmp_path: Path
) -> None:
    """The unpiloted run is the session's small search (tests/conftest.py): the same config
    but for its runs_dir, which is not fingerprinted."""
    config = load_config(write_small_config(tmp_path, tasks=small_search.tasks, workers=2))
    piloted = tmp_path / "piloted"
    done = run_pilot(config, piloted, 2)
    assert len(done) == 2 and all(e.purpose == "train" for e in done.values())
    pilot_ops = [e.op for e in read_events(piloted)]
    assert len(pilot_ops) == 2

    Engine(config, piloted).run()
    assert _ops(piloted) == _ops(small_search.run_dir)
    events = read_events(piloted)
    assert [e.op for e in events[:2]] == pilot_ops  # before run:start, used by round 1
    first_round = next(e.data for e in events if e.type == "round_started")
    assert [op.split(":")[3] for op in pilot_ops] == list(first_round.tasks[:2])
    split = next(e.data for e in events if e.type == "split_recorded")
    assert not set(done) & (set(split.roles["dev"]) | set(split.roles["release"]))


def test_a_second_pilot_pays_nothing_and_the_plan_reads_it(tmp_path: Path) -> None:
    config_file = write_small_config(tmp_path)
    run = tmp_path / "run"
    first = run_rsi("pilot", str(config_file), "--tasks", "2", "--run-dir", str(run), "--json")
    assert first.returncode == 0, first.stderr
    again = run_rsi("pilot", str(config_file), "--tasks", "2", "--run-dir", str(run), "--json")
    assert again.returncode == 0, again.stderr
    assert len(read_events(run)) == 2  # journaled once, whatever the number of pilots
    report = json.loads(again.stdout)
    assert [row["task"] for row in report["tasks"]] == [e.data.task_id for e in read_events(run)]
    assert report["plan"]["reused"]["proposal"] == 2
    assert report["plan"]["worst"]["phases"][0]["evaluations"] == 2 * 2 * 2 - 2


def test_bad_pilots_are_one_line_and_exit_2(tmp_path: Path) -> None:
    config_file = write_small_config(tmp_path)
    run = tmp_path / "run"
    assert run_rsi("pilot", str(config_file), "--run-dir", str(run)).returncode == 0
    other = tmp_path / "other.toml"
    other.write_text(config_file.read_text().replace("seed = 42\ntasks", "seed = 7\ntasks"))
    assert_one_line_user_error(
        run_rsi("pilot", str(other), "--run-dir", str(run)), "config differs"
    )
    assert_one_line_user_error(
        run_rsi("pilot", str(config_file), "--tasks", "0", "--run-dir", str(run)), "--tasks"
    )
