"""Agent pairs as the paper has them (issue 39), through the real client path against the
local server and the scripted tool-using model (tests/support/agent_model.py):
- a tool's sandbox run is bounded by what is left of the wall cap: a 10-minute command
  on a task with a 60 s agent limit ends within the cap (T - min(120, T/4) - 20 = 25 s);
- every submit runs the suite `execution_repeats` times;
- `load_skill` returns the skill library's text, for the session's role only;
- preparation lessons reach a pair's opening turn; repair lessons, retrieved with the
  failed submit's output as the execution checkpoint, join after its first failed submit;
- no traced write loses its path; the trace says where each pair's calls went.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from evaluators.llm import LlmSettings, ResponseCache
from evaluators.runners.base import RunnerLimits, RunnerResult
from evaluators.runners.testhelix import HarnessSettings, LlmTaskModels, TestHelixRunner
from evaluators.runners.testhelix.agent import harness_wall_s
from evaluators.sandbox import LocalSandbox
from evaluators.tasks import PublicTask, TaskSet
from search_space import SKILLS_BY_NAME, Component, Lesson, Strategy
from tests.support.agent_model import SLUGIFY, SUITE_ENTRY, AgentModel, Plan, slugify_plan
from tests.support.llm_server import LocalLlmServer

ONE = Strategy(initialCandidates=1, maxCandidates=1)
# Slack for what follows the cap (reading the timed-out run, the sandbox's teardown, the
# trace): a correctness bound on the cap, not a speed claim.
AFTER_CAP_S = 15.0


@pytest.fixture(scope="module")
def polyglot() -> TaskSet:
    return TaskSet.load(SLUGIFY.parent)


def _run(
    sandbox: LocalSandbox,
    task: PublicTask,
    tmp_path: Path,
    model: AgentModel,
    *,
    strategy: Strategy = ONE,
    repeats: int = 1,
    limits: RunnerLimits | None = None,
) -> tuple[RunnerResult, LocalLlmServer]:
    with LocalLlmServer(responder=model) as server:
        settings = LlmSettings(model="openai/local-model", api_base=server.openai_base)
        models = LlmTaskModels(settings, ResponseCache(tmp_path / "cache"))
        harness = HarnessSettings(configuration="single", execution_repeats=repeats, pairs="agent")
        runner = TestHelixRunner(sandbox, models, harness)
        result = runner.run(
            strategy, task, limits or RunnerLimits(test_timeout_s=30), tmp_path / "work"
        )
    return result, server


def _agent(result: RunnerResult) -> dict[str, Any]:
    return next(p for p in result.trace.phases if p["phase"] == "agent-pair")


def test_a_tool_that_runs_ten_minutes_ends_within_the_pairs_wall_cap(
    bwrap_sandbox: LocalSandbox, polyglot: TaskSet, tmp_path: Path
) -> None:
    task = polyglot.get("sh-slugify").public()
    # T = 34 s gives a 5.5 s cap (34 - 8.5 - 20): the bound is the claim, not its size.
    task = task.model_copy(update={"agent_timeout_s": 34.0, "verifier_timeout_s": 600.0})
    cap = harness_wall_s(34.0)
    assert cap == 5.5
    plan: Plan = [("run", {"command": "sleep 600"})] * 3
    limits = RunnerLimits(test_timeout_s=600)  # the suite timeout alone would allow 600 s
    result, _ = _run(bwrap_sandbox, task, tmp_path, AgentModel(plan), limits=limits)
    agent = _agent(result)
    # The first run takes what is left of the cap, so nothing follows it (on a machine
    # slow enough that the plan and the first turn eat the cap, nothing runs at all).
    assert agent["stop"] == "the harness deadline passed" and agent["steps"] <= 1
    assert [t["tool"] for t in result.trace.timings] == ["run"] * agent["steps"]
    # Without the cap bounding the tool's sandbox run, the task would take 600 s.
    assert result.trace.usage.seconds <= cap + AFTER_CAP_S


def test_every_submit_runs_the_suite_execution_repeats_times(
    bwrap_sandbox: LocalSandbox, polyglot: TaskSet, tmp_path: Path
) -> None:
    task = polyglot.get("sh-slugify").public()
    result, _ = _run(bwrap_sandbox, task, tmp_path, AgentModel(slugify_plan()), repeats=2)
    checks = _agent(result)["checks"]
    assert [(c["target"], c["outcomes"]) for c in checks] == [
        ("initial", ["fail", "fail"]),
        ("own", ["pass", "pass"]),
    ]
    assert result.submission is not None
    harness = next(p for p in result.trace.phases if p["phase"] == "harness")
    assert harness["execution_repeats"] == 2


def test_load_skill_returns_the_librarys_text_for_the_sessions_role(
    bwrap_sandbox: LocalSandbox, polyglot: TaskSet, tmp_path: Path
) -> None:
    plan: Plan = [
        ("load_skill", {"name": "boundary-inputs"}),
        ("load_skill", {"name": "assertion-review"}),  # a review skill: not for a pair
        *slugify_plan(),
    ]
    task = polyglot.get("sh-slugify").public()
    roomy = ONE.model_copy(update={"agent_steps": 14})
    result, server = _run(bwrap_sandbox, task, tmp_path, AgentModel(plan), strategy=roomy)
    calls = _agent(result)["tool_calls"]
    assert [c["refused"] for c in calls[:2]] == [False, True]
    last = next(b for b in reversed(server.requests) if "tools" in b)
    shown = [m["content"] for m in last["messages"] if m.get("role") == "tool"]
    assert shown[0] == SKILLS_BY_NAME["boundary-inputs"].text()
    assert "2. Test the empty, the single" in shown[0]
    assert shown[1].startswith("refused: no skill 'assertion-review'")
    spent = _agent(result)["calls"]
    assert spent["tools"]["load_skill"] == 2 and spent["turns"] == len(plan)


def test_preparation_lessons_open_a_pair_and_repair_lessons_follow_a_failed_submit(
    bwrap_sandbox: LocalSandbox, polyglot: TaskSet, tmp_path: Path
) -> None:
    lessons = (
        Lesson(id="prep", triggers=("slug",), text="Read the program first.",
               component=Component.PREPARATION),
        # Its trigger is only in a failed submit's output: the execution checkpoint.
        Lesson(id="fix", triggers=("not consistent yet",), text="Repair the program.",
               component=Component.REPAIR),
    )  # fmt: skip
    plan = slugify_plan()
    # A suite with no repair yet (the submit fails), then the repair and a submit.
    model = AgentModel([plan[2], plan[3], ("submit", {}), plan[5], ("submit", {})])
    task = polyglot.get("sh-slugify").public()
    strategy = ONE.model_copy(update={"lessons": lessons})
    result, server = _run(bwrap_sandbox, task, tmp_path, model, strategy=strategy)
    agent = _agent(result)
    assert agent["lessons"] == ["prep"] and agent["repair_lessons"] == ["fix"]
    turns = [b for b in server.requests if "tools" in b]
    assert "Lesson prep" in json.dumps(turns[0]) and "Lesson fix" not in json.dumps(turns[0])
    # The repair lessons arrive once, right after the failed submit's tool result.
    # (the last message of a turn as sent is its remaining budget, never stored)
    after = [json.dumps(b["messages"][-2]) for b in turns]
    assert all(b["messages"][-1]["content"].startswith("Remaining budget") for b in turns)
    assert sum("Lesson fix" in text for text in after) == 1
    assert result.submission is not None


def test_no_traced_write_loses_its_path(
    bwrap_sandbox: LocalSandbox, polyglot: TaskSet, tmp_path: Path
) -> None:
    long = SUITE_ENTRY + "# " + "x" * 400 + "\n"
    plan: Plan = [("write_file", {"content": long, "path": "tests/zz_long.sh"}), *slugify_plan()]
    task = polyglot.get("sh-slugify").public()
    result, _ = _run(bwrap_sandbox, task, tmp_path, AgentModel(plan))
    writes = [c for c in _agent(result)["tool_calls"] if c["tool"] == "write_file"]
    wanted = [args["path"] for name, args in plan if name == "write_file"]
    assert len(writes) == len(wanted) == 4
    for call, path in zip(writes, wanted, strict=True):
        assert len(call["arguments"]) <= 200
        assert call["arguments"].startswith(json.dumps({"path": path})[:-1])
