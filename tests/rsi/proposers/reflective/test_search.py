"""Searches whose edits come from the reflective proposer's sessions, over a local server.

- In-process: session 0 chooses each round's parent, the sessions propose, the engine
  validates, screens, keeps or discards, and journals each session's usage, tool calls and
  the reflection's insights; a reference line planted in judge output (traces/) and in dev
  and release evaluations never reaches a prompt or a workspace, nor does any dev or
  release task's text.
- As a user runs it: the optimizer cap stops the search gracefully, naming the cap; a
  SIGKILL while a session waits on the model, then a resume with a larger budget, pays
  for no session twice and finishes the search.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from evaluators.llm import ResponseCache
from evaluators.tasks import TaskSet
from rsi.config import load_config
from rsi.engine import Engine
from rsi.execution import evaluation
from rsi.journal import (
    ChildProposed,
    ProposerUsage,
    Reflection,
    RoundStarted,
    read_events,
    read_state,
)
from rsi.reports.render import render_run
from tests.support.llm_server import LocalLlmServer
from tests.support.optimizer_model import Optimizer, with_tool_output
from tests.support.search_fixtures import ROOT, corpus_slice, write_small_config
from tests.support.warm_start import run_module, start_module

pytestmark = pytest.mark.slow
PLANTED = "assert merge([(1, 3)]) == 'REFERENCE-LINE-7731'"


def _config(home: Path, server: LocalLlmServer, *, budget: str = "") -> Path:
    path = write_small_config(home, tasks=home.parent / "tasks", stack='"reflective"')
    text = (
        path.read_text()
        + f'\n[llm]\nmodel = "openai/local-model"\napi_base = "{server.openai_base}"\n'
    )
    path.write_text(text + (f"\n[budget]\n{budget}\n" if budget else ""))
    return path


@pytest.fixture(scope="module")
def tasks(tmp_path_factory: pytest.TempPathFactory) -> Path:
    home = tmp_path_factory.mktemp("reflective")
    return corpus_slice(home)


@pytest.fixture
def home(tmp_path: Path, tasks: Path) -> Iterator[Path]:
    (tmp_path / "tasks").symlink_to(tasks)
    run_home = tmp_path / "home"
    run_home.mkdir()
    yield run_home


@dataclass(frozen=True)
class ReflectiveSearch:
    """One finished search whose sessions came from the scripted optimizer."""

    run_dir: Path
    config: Any
    optimizer: Optimizer


@pytest.fixture(scope="module")
def search(tasks: Path, tmp_path_factory: pytest.TempPathFactory) -> ReflectiveSearch:
    """The search the module's in-process tests read: judge output planted with a reference
    line (traces/), dev and release evaluations too, and a cause line in the minibatch's
    training traces for the optimizer to grep."""
    home = tmp_path_factory.mktemp("reflective-search")
    (home / "tasks").symlink_to(tasks)
    (home / "home").mkdir()
    home = home / "home"
    plain = evaluation.evaluate_one

    def planting(services: Any, strategy: Any, task_id: str, purpose: str) -> Any:
        data, record = plain(services, strategy, task_id, purpose)
        record = {**record, "planted": PLANTED}  # judge output lands in traces/
        if purpose != "train":  # dev and release evaluations are never shown to sessions
            data = data.model_copy(update={"trace": {**data.trace, "planted": PLANTED}})
        else:  # the cause the scripted optimizer greps for: in a tool output, not the journal
            data, record = with_tool_output(data, record, "AssertionError: cause: agentSteps")
        return data, record

    optimizer = Optimizer()
    with pytest.MonkeyPatch.context() as patch, LocalLlmServer(responder=optimizer) as server:
        patch.setattr(evaluation, "evaluate_one", planting)
        config = load_config(_config(home, server))
        Engine(config, home / "run").run()
    return ReflectiveSearch(home / "run", config, optimizer)


def test_sessions_drive_the_rounds_and_see_nothing_hidden(search: ReflectiveSearch) -> None:
    optimizer = search.optimizer
    events = read_events(search.run_dir)
    children = [e.data for e in events if isinstance(e.data, ChildProposed)]
    assert children and all(c.proposer == "reflective" for c in children)
    assert all("[prompts:" in c.rationale for c in children)
    usage = [e.data for e in events if isinstance(e.data, ProposerUsage)]
    assert {u.session for u in usage} >= {"reflection"}
    assert sum(u.calls for u in usage) == optimizer.answered == len(optimizer.requests)
    insights = [e.data.insight for e in events if isinstance(e.data, Reflection)]
    assert any("was screened" in text for text in insights)
    assert any(e.type in ("gate_decided", "release_skipped") for e in events)  # to its end
    assert any(PLANTED in p.read_text() for p in (search.run_dir / "traces").glob("*.json"))
    assert not any(PLANTED in request for request in optimizer.requests)
    _sessions_are_traced(search.run_dir, events)
    _workspaces_hold_nothing_hidden(search.run_dir, search.config)


def _minibatches(run_dir: Path) -> dict[int, tuple[str, ...]]:
    started = [e.data for e in read_events(run_dir) if isinstance(e.data, RoundStarted)]
    return {r.round: r.tasks for r in started}


def _attempt_folders(run_dir: Path) -> list[tuple[int, Path]]:
    """(round, folder) of every diagnosis and reflection workspace the search wrote."""
    found = []
    for folder in sorted((run_dir / "workspaces").glob("round-*/attempt-*/*")):
        if folder.is_dir():
            found.append((int(folder.parent.parent.name.removeprefix("round-")), folder))
    return found


def _folders(path: Path) -> set[str]:
    return {p.name for p in path.iterdir() if p.is_dir()} if path.is_dir() else set()


def test_each_workspaces_task_folders_are_exactly_its_rounds_minibatch(
    search: ReflectiveSearch,
) -> None:
    """Diagnosis and reflection alike: tasks/ holds one folder per task of the round's
    minibatch and no other; child/ only tasks of it (a raced screen may skip some)."""
    minibatch = _minibatches(search.run_dir)
    folders = _attempt_folders(search.run_dir)
    sessions = {folder.name for _, folder in folders}
    assert sessions == {"diagnosis", "reflection"}, sessions
    for round_number, folder in folders:
        assert _folders(folder / "tasks") == set(minibatch[round_number]), folder
        assert _folders(folder / "child") <= set(minibatch[round_number]), folder


def test_no_proposal_task_outside_the_round_reaches_its_workspaces(
    search: ReflectiveSearch,
) -> None:
    """A proposal-split task of another round (or of none) is named by no folder and
    quoted by no file of this round's workspaces: neither its instruction nor its trace."""
    tasks = TaskSet.load(search.config.experiment.tasks)
    split = read_state(search.run_dir).split
    assert split is not None
    minibatch = _minibatches(search.run_dir)
    outside_any = 0
    for round_number, folder in _attempt_folders(search.run_dir):
        files = [p for p in folder.rglob("*") if p.is_file()]
        texts = [p.read_text() for p in files]
        names = {part for p in files for part in p.relative_to(folder).parts}
        others = [t for t in split.roles["proposal"] if t not in minibatch[round_number]]
        outside_any += len(others)
        for task_id in others:
            instruction = tasks.get(task_id).public().instruction.strip()
            assert task_id not in names, (folder, task_id)
            assert not any(instruction in text for text in texts), (folder, task_id)
    assert outside_any > 0  # the proposal split is larger than any one minibatch


def _sessions_are_traced(run_dir: Path, events: list[Any]) -> None:
    """Session 0 chose every round's parent; each session's tool calls are journaled and
    shown by `rsi status --json` with their seconds."""
    rounds = [e.data for e in events if isinstance(e.data, RoundStarted)]
    assert rounds and all(r.selection and r.selection["chosen_by"] == "optimizer" for r in rounds)
    usage = [e.data for e in events if isinstance(e.data, ProposerUsage)]
    assert {u.session for u in usage} == {"selection", "diagnosis", "reflection"}
    diagnosis = next(u for u in usage if u.session == "diagnosis")
    assert [t["tool"] for t in diagnosis.tools] == ["grep", "propose_edit", "submit"]
    assert diagnosis.trace_chars > 0  # the grep read trace lines
    status = json.loads(_rsi("status", str(run_dir), "--json").stdout)
    shown = {(s["round"], s["session"]) for s in status["sessions"]}
    assert (1, "selection") in shown and (1, "diagnosis") in shown
    first = status["sessions"][0]
    assert first["choice"]["parent_id"] == rounds[0].parent_id
    assert all(isinstance(t["seconds"], float) for t in first["tools"])
    html = render_run(run_dir).html
    assert 'id="sessions"' in html and "propose_edit" in html and "read_file" in html


def _workspaces_hold_nothing_hidden(run_dir: Path, config: Any) -> None:
    texts = [p.read_text() for p in (run_dir / "workspaces").rglob("*") if p.is_file()]
    assert texts and not any(PLANTED in text for text in texts)
    tasks = TaskSet.load(config.experiment.tasks)
    split = read_state(run_dir).split
    assert split is not None
    for task_id in (*split.roles["dev"], *split.roles["release"]):
        instruction = tasks.get(task_id).public().instruction.strip()
        assert not any(instruction in text for text in texts), task_id


def _rsi(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return run_module("rsi", args, cwd=ROOT, env=env or dict(os.environ), timeout=1800)


def test_budget_stop_then_kill_mid_session_then_resume_pays_nothing_twice(home: Path) -> None:
    """Round 1's sessions take 8 calls (selection 2, diagnosis 3, reflection 3); the 12th
    request is round 2's diagnosis after its grep: the kill lands inside that session."""
    optimizer = Optimizer(hold_at=12)
    with LocalLlmServer(responder=optimizer) as server:
        capped = _config(home, server, budget="optimizer_calls = 8")
        run_dir = home / "run"
        paused = _rsi("search", str(capped), "--run-dir", str(run_dir), "--json")
        assert paused.returncode == 130, paused.stderr[-2000:]
        assert "optimizer budget calls 8 reached" in paused.stderr
        status = json.loads(_rsi("status", str(run_dir), "--json").stdout)
        assert status["stopped"] == "paused: optimizer budget calls 8 reached"
        assert status["gate"] is None and optimizer.answered == 8

        larger = _config(home, server, budget="optimizer_calls = 60")
        argv = ["search", str(larger), "--run-dir", str(run_dir)]
        search = start_module("rsi", argv, cwd=ROOT, merge_stderr=True)
        while not optimizer.holding.wait(2):
            assert search.poll() is None, search.communicate()[0].decode()[-2000:]
        search.send_signal(signal.SIGKILL)
        search.communicate(timeout=60)
        optimizer.release.set()
        assert search.returncode == -signal.SIGKILL
        held = json.loads(optimizer.requests[11])
        assert (
            "propose_edit" in json.dumps(held["tools"]) and held["messages"][-1]["role"] == "tool"
        )

        resumed = _rsi("resume", str(run_dir), "--json")
        assert resumed.returncode == 0, resumed.stderr[-2000:]
    cache = ResponseCache(run_dir / "llm_cache").entries()
    assert len(cache) == optimizer.answered  # every answered session call paid once
    assert len(optimizer.requests) == optimizer.answered + 1  # plus the one held at the kill
    finished = json.loads(resumed.stdout)
    assert finished["gate"] is not None or finished["released"] is not None


def test_a_paused_search_can_be_finished_as_it_stands(home: Path) -> None:
    with LocalLlmServer(responder=Optimizer()) as server:
        capped = _config(home, server, budget="optimizer_calls = 3")
        run_dir = home / "run"
        assert _rsi("search", str(capped), "--run-dir", str(run_dir)).returncode == 130
        finished = _rsi("resume", str(run_dir), "--finish", "--json")
    assert finished.returncode == 0, finished.stderr[-2000:]
    summary = json.loads(finished.stdout)
    assert summary["stopped"] == "finished at the optimizer budget calls 3 reached"
    assert summary["gate"] is not None or summary["released"] is not None  # ended as it stood
    assert summary["optimizer"]["calls"] == 3
