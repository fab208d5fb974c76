"""The optimizer reads what the agents saw (issue 47), through the real tool-call path
against the local server:
- a failure's cause printed only in a tool output (a written test's assertion message on
  the correct program) is found by the scripted optimizer's grep, which proposes the edit
  it implies; the blind optimizer (`with_traces=False`) does not find it;
- an agent-mode evaluation (a real pair in a bubblewrap sandbox, the real judge with its
  panel) gives a workspace that holds the whole test file the pair wrote, what each tool
  call printed and the model's own words, while a canary planted in the task's reference,
  panel and hidden tests, which the judge did print, is nowhere in traces/ or the
  workspace; the same holds with the scripted runner, whose tool output the workspace
  holds whole.
"""

from __future__ import annotations

import dataclasses
import functools
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from evaluators.judging.judge import JudgeSettings, TaskJudgement, judge
from evaluators.llm import LlmSettings, ResponseCache, UsageCaps, UsageMeter
from evaluators.runners import RunnerLimits
from evaluators.runners.testhelix import HarnessSettings, LlmTaskModels, TestHelixRunner
from evaluators.sandbox import LocalSandbox
from evaluators.tasks import TaskSet
from rsi.config import ExperimentConfig, load_config
from rsi.execution import (
    EvaluationServices,
    TrajectoryStore,
    build_services,
    evaluate_one,
    write_record,
)
from rsi.execution.trajectory import journal_trace, trajectory_bytes
from rsi.proposers import ReflectiveProposer, SessionSteps, SessionTimeouts
from rsi.proposers.reflective._workspace import OptimizerWorkspace, proposal_files
from search_space import Strategy
from tests.support.agent_model import SLUGIFY, SUITE_CASES, AgentModel, slugify_plan
from tests.support.llm_server import LocalLlmServer, ToolUse
from tests.support.optimizer_model import Optimizer
from tests.support.reflective_context import feedback, make_context
from tests.support.search_fixtures import CORPUS, ROOT

PRINTED = "AssertionError: cause: toolOutputChars (the failure section was cut at 2000 chars)"
CANARY = "CANARY-HIDDEN-5521"
SAID = "I will check the separators first"


def _transcript_phase() -> dict[str, Any]:
    """An agent pair whose suite, run on the correct program, printed the cause."""
    written = "def test_header():\n    assert render() == EXPECTED, 'separator'\n"
    return {
        "phase": "agent-pair",
        "pair": 0,
        "stop": "agentSteps (12) spent",
        "tool_calls": [{"step": 1, "tool": "write_file"}, {"step": 2, "tool": "run"}],
        "transcript": [
            {"turn": 1, "text": "", "ended": "calls answered", "calls": [
                {"step": 1, "tool": "write_file", "refused": False, "output": "wrote",
                 "arguments": {"path": "tests/test_a.py", "content": written}}]},
            {"turn": 2, "text": "", "ended": "calls answered", "calls": [
                {"step": 2, "tool": "run", "refused": False, "arguments": {"command": "pytest"},
                 "output": f"FAILED tests/test_a.py::test_header\n{PRINTED}\n"}]},
        ],
    }  # fmt: skip


def traced_context() -> Any:
    """algo-merge's trajectory holds the cause in a tool output; its journal copy does not."""
    tasks = []
    for task in feedback():
        if task.task_id == "algo-merge":
            whole = {**task.trace, "phases": [*task.trace["phases"], _transcript_phase()]}
            task = dataclasses.replace(task, trace=journal_trace(whole), trajectory=whole)
        tasks.append(task)
    return make_context(tasks=tuple(tasks))


def proposer_for(
    server: LocalLlmServer, home: Path, *, with_traces: bool = True
) -> ReflectiveProposer:
    settings = LlmSettings.model_validate(
        {"model": "openai/local-model", "api_base": server.openai_base, "transport_retries": 0}
    )
    return ReflectiveProposer(
        settings, UsageMeter(UsageCaps(calls=50, wall_s=3600), "optimizer"),
        ResponseCache(home / "llm_cache"), timeouts=SessionTimeouts(), steps=SessionSteps(),
        known_task_ids=["dev-task-1"], workspaces=home / "workspaces", with_traces=with_traces,
    )  # fmt: skip


@pytest.fixture
def server() -> Iterator[LocalLlmServer]:
    with LocalLlmServer(responder=Optimizer()) as running:
        yield running


def test_the_optimizer_finds_a_cause_only_a_tool_output_shows(
    server: LocalLlmServer, tmp_path: Path
) -> None:
    context = traced_context()
    assert "cause:" not in str([task.trace for task in context.feedback])  # not in the journal
    reading = proposer_for(server, tmp_path / "reading").propose(context)
    assert reading.field == "toolOutputChars"  # the edit the printed cause implies
    (session,) = reading.sessions
    assert session.trace_chars > 0 and session.calls[0]["tool"] == "grep"
    folder = tmp_path / "reading/workspaces/round-2/attempt-1/diagnosis/tasks/algo-merge/trace"
    [transcript] = (folder / "transcripts").iterdir()
    assert PRINTED in transcript.read_text()

    blind = proposer_for(server, tmp_path / "blind", with_traces=False).propose(context)
    assert blind.field != "toolOutputChars" and blind.sessions[0].trace_chars == 0


def test_the_same_context_writes_the_same_workspace_bytes(tmp_path: Path) -> None:
    """Exactly once: a resumed search rebuilds the workspace from the stored trajectory and
    asks the same requests, so its sessions replay from the reply cache."""
    first = traced_context()
    store = TrajectoryStore(tmp_path)
    ref = store.write(trajectory_bytes(first.feedback[1].trajectory, {"success": False}))
    again = traced_context()
    whole = store.read(ref)
    assert whole is not None
    rebuilt = dataclasses.replace(
        again, feedback=tuple(
            dataclasses.replace(t, trajectory={k: v for k, v in whole.items() if k != "judge"})
            if t.task_id == "algo-merge" else t
            for t in again.feedback
        )
    )  # fmt: skip
    assert proposal_files(rebuilt) == proposal_files(first)


def test_a_missing_trajectory_is_said_in_the_tasks_folder() -> None:
    files = proposal_files(make_context())  # trace only: an older run's, or deleted
    note = files["tasks/algo-merge/trace/trajectory-missing.md"]
    assert "journal's copy" in note and "tasks/algo-merge/trace/tool_output.json" in files


class Talking(AgentModel):
    """The scripted pair, saying what it does before each call."""

    def __call__(self, body: dict[str, Any]) -> str | ToolUse:
        reply = super().__call__(body)
        return ToolUse(calls=reply.calls, text=SAID) if isinstance(reply, ToolUse) else reply


def _planted(tmp_path: Path) -> TaskSet:
    """sh-slugify with a canary the judge prints: in the reference and in each panel member
    (to stderr, which the suite's output shows), and in the hidden tests."""
    root = tmp_path / "tasks"
    shutil.copytree(SLUGIFY, root / SLUGIFY.name)
    task = root / SLUGIFY.name
    for program in [task / "solution/slugify.sh", *task.glob("panel/*/*/slugify.sh")]:
        head, _, rest = program.read_text().partition("\n")
        program.write_text(f'{head}\necho "{CANARY}" >&2\n{rest}')
    hidden = task / "tests/run.sh"
    hidden.write_text(hidden.read_text() + f"\n# {CANARY}\n")
    return TaskSet.load(root)


def test_agent_mode_workspaces_hold_what_the_agents_saw_and_nothing_hidden(
    bwrap_sandbox: LocalSandbox, tmp_path: Path
) -> None:
    tasks = _planted(tmp_path)
    judged: list[TaskJudgement] = []

    def judging(*args: Any, **kwargs: Any) -> TaskJudgement:
        judged.append(functools.partial(judge, panel=True)(*args, **kwargs))
        return judged[-1]

    with LocalLlmServer(responder=Talking(slugify_plan())) as server:
        settings = LlmSettings(model="openai/local-model", api_base=server.openai_base)
        harness = HarnessSettings(configuration="single", execution_repeats=1, pairs="agent")
        runner = TestHelixRunner(
            bwrap_sandbox, LlmTaskModels(settings, ResponseCache(tmp_path / "cache")), harness
        )
        services = EvaluationServices(
            tasks=tasks, runner=runner, sandbox=bwrap_sandbox, judge_settings=JudgeSettings(),
            limits=RunnerLimits(test_timeout_s=30), seed=42, traces_dir=tmp_path / "traces",
            judge=judging,
        )  # fmt: skip
        strategy = Strategy(initialCandidates=1, maxCandidates=1)
        data, record = evaluate_one(services, strategy, "sh-slugify", "train")
    assert data.success, data.trace
    assert CANARY in judged[0].model_dump_json()  # the judge did print it
    write_record(services.traces_dir, "eval:train:x:sh-slugify:42", record)
    whole = TrajectoryStore(services.traces_dir).read(data.trace["trajectory"])
    assert whole is not None
    task = dataclasses.replace(
        feedback()[0], task_id="sh-slugify", trace=data.trace, trajectory=whole
    )
    files = proposal_files(make_context(tasks=(task,)))
    OptimizerWorkspace(tmp_path / "workspaces", files)
    [pair] = [text for name, text in files.items() if "agent-pair" in name]
    assert SUITE_CASES.rstrip("\n") in pair  # the test file the pair wrote, whole
    assert "FAIL: 'Hello,  World!' gave" in pair  # what its run on the initial program printed
    assert SAID in pair  # the model's own words
    assert SUITE_CASES.rstrip("\n") not in str(data.trace)  # the journal keeps metadata
    written = [*services.traces_dir.rglob("*"), *(tmp_path / "workspaces").rglob("*")]
    assert not any(CANARY in p.read_text() for p in written if p.is_file())


def test_scripted_runner_trajectories_hold_its_output_and_nothing_hidden(tmp_path: Path) -> None:
    """The scripted runner's tool output reaches the workspace; a canary its judge printed
    (the reference and each panel member raise it on import) and one in the hidden tests
    reach neither traces/ nor the workspace."""
    task_id = "alg-merge-intervals-gap"
    root = tmp_path / "tasks"
    shutil.copytree(CORPUS / task_id, root / task_id)
    for program in [root / task_id / "solution/gaps.py", *root.glob(f"{task_id}/panel/*/*/*.py")]:
        program.write_text(program.read_text() + f'\nraise RuntimeError("{CANARY}")\n')
    hidden = root / task_id / "tests/test_gaps.py"
    hidden.write_text(hidden.read_text() + f"\n# {CANARY}\n")
    data = load_config(ROOT / "experiments/quickstart.toml").model_dump()
    data["experiment"].update(tasks=root, runs_dir=tmp_path)
    services = build_services(
        ExperimentConfig.model_validate(data).services_config(), tmp_path / "run"
    )
    judged: list[TaskJudgement] = []
    plain = services.judge

    def judging(*args: Any, **kwargs: Any) -> TaskJudgement:
        judged.append(plain(*args, **{**kwargs, "panel": True}))
        return judged[-1]

    services = dataclasses.replace(services, judge=judging)
    initial = Strategy.model_validate_json(
        (ROOT / "experiments/strategies/initial.json").read_text()
    )
    evaluation, record = evaluate_one(services, initial, task_id, "train")
    assert judged and CANARY in judged[0].model_dump_json()  # the judge did print it
    write_record(services.traces_dir, f"eval:train:x:{task_id}:42", record)
    whole = TrajectoryStore(services.traces_dir).read(evaluation.trace["trajectory"])
    assert whole is not None and whole["tool_output"]
    task = dataclasses.replace(
        feedback()[0], task_id=task_id, trace=evaluation.trace, trajectory=whole
    )
    files = proposal_files(make_context(tasks=(task,)))
    assert files[f"tasks/{task_id}/trace/tool_output.txt"] == whole["tool_output"]
    OptimizerWorkspace(tmp_path / "workspaces", files)
    written = [*services.traces_dir.rglob("*"), *(tmp_path / "workspaces").rglob("*")]
    assert not any(CANARY in p.read_text() for p in written if p.is_file())
