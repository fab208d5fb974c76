"""The scripted author: every mutable field has its documented effect, on a task built for it.

The probe task (tests/support/probe_task.py) exposes flags the initial program gets wrong,
and each author item is a one-line check, so which items are written, repaired, dropped or
fail on the initial program is fully predictable from the runner's documented rules.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from evaluators.runners.base import RunnerLimits, RunnerResult, run_safely
from evaluators.runners.scripted.runner import ScriptedRunner
from evaluators.runners.suite_draft import stable_output
from evaluators.sandbox import make_sandbox
from evaluators.tasks import PublicTask, TaskSet
from evaluators.tasks.author_pool import TaskDirPools, load_author_pool
from evaluators.testing import RecordingSandbox
from search_space import Lesson, SkillRoute, Strategy
from search_space.errors import UserInputError
from tests.support.cli_helpers import run_rsi
from tests.support.probe_task import BASE, NOISE, REPAIRED


def _run(tasks_dir: Path, workdir: Path, strategy: Strategy = BASE) -> RunnerResult:
    tasks = TaskSet.load(tasks_dir)
    runner = ScriptedRunner(make_sandbox("local"), TaskDirPools(tasks))
    result = run_safely(runner, strategy, tasks.tasks[0].public(), RunnerLimits(), workdir)
    assert result.trace.error is None, result.trace.error
    return result


def _phase(result: RunnerResult, name: str) -> list[dict]:
    return [p for p in result.trace.phases if p["phase"] == name]


def _items(result: RunnerResult) -> list[str]:
    return _phase(result, "submit")[0]["items"]


def test_same_inputs_give_a_byte_identical_submission(probe_tasks: Path, tmp_path: Path) -> None:
    one, two = _run(probe_tasks, tmp_path / "a"), _run(probe_tasks, tmp_path / "b")
    assert one.submission and two.submission
    files = sorted(p.name for p in one.submission.iterdir())
    assert files == sorted(p.name for p in two.submission.iterdir())
    for name in files:
        assert (one.submission / name).read_bytes() == (two.submission / name).read_bytes()
    assert one.trace == two.trace


def test_a_suite_another_strategy_already_checked_is_not_run_again(
    probe_tasks: Path, tmp_path: Path
) -> None:
    tasks = TaskSet.load(probe_tasks)
    sandbox = RecordingSandbox(make_sandbox("local"))
    runner = ScriptedRunner(sandbox, TaskDirPools(tasks))
    task = tasks.tasks[0].public()
    same_suite = BASE.model_copy(update={"guidance": "Write clear tests."})

    def run(strategy: Strategy, name: str) -> tuple[RunnerResult, int]:
        before = len(sandbox.runs)
        result = run_safely(runner, strategy, task, RunnerLimits(), tmp_path / name)
        return result, len(sandbox.runs) - before

    (first, paid), (again, replayed) = run(BASE, "first"), run(same_suite, "again")
    assert paid >= 2 and replayed == 0  # the check and its re-check after the repair
    # What it read is what a run would have shown (its guidance only costs more tokens).
    assert (again.trace.checks, again.trace.tool_output) == (
        first.trace.checks,
        first.trace.tool_output,
    )
    assert again.submission and (again.submission / "run.sh").is_file()
    _, other = run(BASE.model_copy(update={"max_rounds": 3}), "other")
    assert other >= 1  # a third round writes another suite: that one runs


def test_object_addresses_and_times_in_check_output_never_reach_the_trace(
    tmp_path: Path,
) -> None:
    """A failing capsys test prints `<CaptureFixture object at 0x...>` with --tb=long; the
    address differs per process, and a trace that kept it would make journals differ."""
    shown = "capsys = <CaptureFixture object at 0x7f1e1b68ead0>\n1 failed in 0.42s"
    assert (
        stable_output(shown)
        == "capsys = <CaptureFixture object at 0x000000000000>\n1 failed in N s"
    )
    address = "at 0x55d4c3a1b2c0>"
    assert len(stable_output(address)) == len(address)  # the visible cut stays where it was
    root = Path(__file__).resolve().parents[4]
    task_id = "cli-word-count-totals"  # its capsys tests fail on the initial program
    tasks = TaskSet.load(root / "experiments/tasks").subset([task_id])
    initial = Strategy.model_validate_json(
        (root / "experiments/strategies/initial.json").read_text()
    )
    traces = []
    for home in ("a", "b"):  # each run's pytest process puts its objects elsewhere
        runner = ScriptedRunner(make_sandbox("local"), TaskDirPools(tasks))
        result = run_safely(
            runner, initial, tasks.get(task_id).public(), RunnerLimits(), tmp_path / home
        )
        traces.append(result.trace)
    assert (
        "capsys = <_pytest.capture.CaptureFixture object at 0x000000000000>"
        in traces[0].tool_output
    )
    assert traces[0] == traces[1]


def test_context_tokens_decide_which_clauses_are_read(probe_tasks: Path, tmp_path: Path) -> None:
    small = _run(probe_tasks, tmp_path / "s", BASE.model_copy(update={"context_tokens": 16000}))
    large = _run(probe_tasks, tmp_path / "l", BASE.model_copy(update={"context_tokens": 32000}))
    assert (
        _phase(small, "planning")[0]["clauses_read"] < _phase(large, "planning")[0]["clauses_read"]
    )
    assert "c5-deep" not in _items(small) and "c5-deep" in _items(large)
    # Guidance eats context too: at a budget that exactly fits, any guidance costs a clause.
    used = _phase(large, "planning")[0]["context_tokens_used"]
    exact = BASE.model_copy(update={"context_tokens": used})
    wordy = exact.model_copy(update={"guidance": "Read the spec first. " * 10})
    exact_read = _phase(_run(probe_tasks, tmp_path / "e", exact), "planning")[0]["clauses_read"]
    wordy_read = _phase(_run(probe_tasks, tmp_path / "w", wordy), "planning")[0]["clauses_read"]
    assert wordy_read == exact_read - 1


def test_route_lesson_and_guidance_enable_techniques(probe_tasks: Path, tmp_path: Path) -> None:
    assert "c1-boundary" not in _items(_run(probe_tasks, tmp_path / "0"))
    routed = BASE.model_copy(
        update={"skill_routes": (SkillRoute(context="general", skill="boundary-inputs"),)}
    )
    lesson = Lesson(
        id="probe", triggers=("probe",), text="Probe limits.", capabilities=("boundary",)
    )
    taught = BASE.model_copy(update={"lessons": (lesson,)})
    guided = BASE.model_copy(update={"guidance": "Always test the boundary of each range."})
    other_context = BASE.model_copy(
        update={"skill_routes": (SkillRoute(context="cli", skill="boundary-inputs"),)}
    )
    for name, strategy in {"route": routed, "lesson": taught, "guidance": guided}.items():
        result = _run(probe_tasks, tmp_path / name, strategy)
        assert _items(result)[0] == "c1-boundary", name  # specialist items are written first
        assert "boundary" in _phase(result, "planning")[0]["techniques"]
    assert "c1-boundary" not in _items(_run(probe_tasks, tmp_path / "cli", other_context))


def test_agent_steps_bound_what_is_written(probe_tasks: Path, tmp_path: Path) -> None:
    wide = BASE.model_copy(update={"context_tokens": 32000})
    few = _run(probe_tasks, tmp_path / "few", wide.model_copy(update={"agent_steps": 10}))
    many = _run(probe_tasks, tmp_path / "many", wide.model_copy(update={"agent_steps": 16}))
    first_few, first_many = _phase(few, "generation")[0], _phase(many, "generation")[0]
    assert len(first_few["written"]) < len(first_many["written"])
    assert first_few["steps_used"] <= 10 and first_few["skipped_for_budget"] > 0


def test_max_rounds_add_items_for_uncaught_clauses(probe_tasks: Path, tmp_path: Path) -> None:
    two = _run(probe_tasks, tmp_path / "2", BASE.model_copy(update={"max_rounds": 2}))
    three = _run(probe_tasks, tmp_path / "3", BASE.model_copy(update={"max_rounds": 3}))
    assert "c4-basic-d" not in _items(two) and "c4-basic-d" in _items(three)
    assert len(_phase(three, "generation")) == 3
    assert 4 in _phase(three, "submit")[0]["clauses_caught"]


def test_repair_steps_replace_identified_broken_tests(probe_tasks: Path, tmp_path: Path) -> None:
    result = _run(probe_tasks, tmp_path / "r")
    repair = _phase(result, "repair")[0]
    assert repair["identified"] == ["test_c3_broken"]
    assert repair["actions"] == {"c3-broken": "repaired"}
    submitted = (result.submission / "test_c3_broken.py").read_text()  # type: ignore[operator]
    assert REPAIRED in submitted


def test_tool_output_chars_can_hide_a_broken_test(probe_tasks: Path, tmp_path: Path) -> None:
    # Make every failure before the broken test print a long assertion message.
    noisy = tmp_path / "noisy"
    shutil.copytree(probe_tasks, noisy)
    item = noisy / "probe-task/author/items/test_c1_basic.py"
    item.write_text(f'def test_c1_basic():\n    assert "{NOISE}" == "{NOISE[:-1]}"\n')
    narrow = _run(noisy, tmp_path / "n", BASE.model_copy(update={"tool_output_chars": 512}))
    wide = _run(noisy, tmp_path / "w", BASE.model_copy(update={"tool_output_chars": 20000}))
    assert _phase(narrow, "repair")[0]["identified"] == []
    assert narrow.trace.checks[0]["truncated"] is True
    assert _phase(wide, "repair")[0]["identified"] == ["test_c3_broken"]


def test_review_budget_decides_what_is_reviewed(probe_tasks: Path, tmp_path: Path) -> None:
    small = _run(
        probe_tasks, tmp_path / "s", BASE.model_copy(update={"review_max_output_tokens": 128})
    )
    large = _run(
        probe_tasks, tmp_path / "l", BASE.model_copy(update={"review_max_output_tokens": 4096})
    )
    assert _phase(small, "review")[0]["reviewed"] == 0
    assert "c2-overfit" in _items(small)
    assert "c2-overfit" not in _items(large)


def test_a_rounds_steps_pay_for_its_check_and_repairs(probe_tasks: Path, tmp_path: Path) -> None:
    # Round 1 writes 7 steps of items. With 12 steps the check (2) leaves 3: one repair and
    # its re-check. With 10 steps only 1 is left, so the broken test waits for round 2.
    roomy = _run(probe_tasks, tmp_path / "12", BASE.model_copy(update={"agent_steps": 12}))
    tight = _run(probe_tasks, tmp_path / "10", BASE.model_copy(update={"agent_steps": 10}))
    for result, budget in ((roomy, 12), (tight, 10)):
        first = _phase(result, "generation")[0]
        assert first["steps_used"] == 7 and first["steps_budget"] == budget
    assert _phase(roomy, "repair")[0]["actions"] == {"c3-broken": "repaired"}
    deferred = _phase(tight, "repair")
    assert deferred[0]["identified"] == ["test_c3_broken"] and deferred[0]["actions"] == {}
    assert deferred[0]["agent_steps_left"] == 1
    assert deferred[1]["actions"] == {"c3-broken": "repaired"}  # round 2 had the steps


def test_a_repair_costs_what_the_item_cost_to_write(probe_tasks: Path, tmp_path: Path) -> None:
    costly = _copy_with_pool_edit(
        probe_tasks,
        tmp_path / "costly",
        'id = "c3-broken"\nclause = 3\ntechnique = "basic"\ncost = 1',
        'id = "c3-broken"\nclause = 3\ntechnique = "basic"\ncost = 3',
    )
    enough = _run(costly, tmp_path / "3", BASE.model_copy(update={"repair_steps": 3}))
    short = _run(costly, tmp_path / "2", BASE.model_copy(update={"repair_steps": 2}))
    repairs = [phase for phase in _phase(enough, "repair") if phase["actions"]]
    assert [phase["actions"] for phase in repairs] == [{"c3-broken": "repaired"}]
    assert repairs[0]["repair_steps_left"] == 0
    assert all(phase["actions"] == {} for phase in _phase(short, "repair"))
    # The review cannot pay for the rewrite either, so it drops the broken test.
    assert _phase(short, "review")[0]["actions"]["c3-broken"] == "dropped"
    assert "c3-broken" not in _items(short)


def test_the_review_pays_per_item_by_its_length(probe_tasks: Path, tmp_path: Path) -> None:
    # A long first test (a big case table) costs more than a 2048-token review can pay, and
    # the review reads in suite order, so it reviews nothing; 4096 tokens reach past it.
    table = tmp_path / "table"
    shutil.copytree(probe_tasks, table)
    rows = "".join(f"        ({n}, {n}),\n" for n in range(500))
    (table / "probe-task/author/items/test_c1_basic.py").write_text(
        "import probe\n\n\ndef test_c1_basic():\n    cases = [\n"
        f"{rows}    ]\n    assert all(a == b for a, b in cases) and probe.VERSION == 1\n"
    )
    small = _run(table, tmp_path / "s", BASE.model_copy(update={"review_max_output_tokens": 2048}))
    large = _run(table, tmp_path / "l", BASE.model_copy(update={"review_max_output_tokens": 4096}))
    assert _phase(small, "review")[0]["reviewed"] == 0
    assert "c2-overfit" in _items(small)
    assert _phase(large, "review")[0]["reviewed"] >= 2
    assert "c2-overfit" not in _items(large)


def test_the_review_drops_an_overfit_test_that_caught_the_bug(
    probe_tasks: Path, tmp_path: Path
) -> None:
    catching = tmp_path / "catching"
    shutil.copytree(probe_tasks, catching)
    (catching / "probe-task/author/items/test_c2_overfit.py").write_text(
        "import probe\n\n\ndef test_c2_overfit():\n    assert probe.DEEP_OK\n"
    )
    small = _run(
        catching, tmp_path / "s", BASE.model_copy(update={"review_max_output_tokens": 128})
    )
    large = _run(
        catching, tmp_path / "l", BASE.model_copy(update={"review_max_output_tokens": 4096})
    )
    assert 2 in _phase(small, "submit")[0]["clauses_caught"]
    assert _phase(large, "review")[0]["actions"]["c2-overfit"] == "dropped"
    assert 2 not in _phase(large, "submit")[0]["clauses_caught"]


def test_a_dropped_test_is_never_written_again(probe_tasks: Path, tmp_path: Path) -> None:
    unfixable = _copy_with_pool_edit(
        probe_tasks, tmp_path / "unfixable", 'repaired = "items/test_c3_broken_fixed.py"\n', ""
    )
    result = _run(unfixable, tmp_path / "r", BASE.model_copy(update={"max_rounds": 3}))
    written = [w["item"] for g in _phase(result, "generation") for w in g["written"]]
    assert written.count("c3-broken") == 1
    assert _phase(result, "repair")[0]["actions"] == {"c3-broken": "dropped"}


def test_no_hidden_path_is_read(probe_tasks: Path, tmp_path: Path) -> None:
    stripped = tmp_path / "stripped"
    shutil.copytree(probe_tasks, stripped)
    tasks = TaskSet.load(stripped)  # loading checks the hidden folders exist...
    for hidden in ("solution", "tests", "panel"):
        shutil.rmtree(stripped / "probe-task" / hidden)  # ...then they vanish before the run
    runner = ScriptedRunner(make_sandbox("local"), TaskDirPools(tasks))
    result = run_safely(runner, BASE, tasks.tasks[0].public(), RunnerLimits(), tmp_path / "w")
    assert result.trace.error is None and result.submission is not None
    assert "solution" not in result.trace.model_dump_json()


def test_an_exception_inside_the_runner_is_recorded(probe_tasks: Path, tmp_path: Path) -> None:
    broken = tmp_path / "broken"
    shutil.copytree(probe_tasks, broken)
    (broken / "probe-task/author/pool.toml").write_text("[author\n")
    tasks = TaskSet.load(broken)
    runner = ScriptedRunner(make_sandbox("local"), TaskDirPools(tasks))
    result = run_safely(runner, BASE, tasks.tasks[0].public(), RunnerLimits(), tmp_path / "w")
    assert result.submission is None
    assert result.trace.error is not None and "malformed TOML" in result.trace.error


def _copy_with_pool_edit(probe_tasks: Path, target: Path, old: str, new: str) -> Path:
    """A copy of the probe tasks whose pool.toml has `old` replaced by `new`."""
    shutil.copytree(probe_tasks, target)
    pool = target / "probe-task/author/pool.toml"
    text = pool.read_text()
    assert old in text
    pool.write_text(text.replace(old, new, 1))
    return target


def _assert_no_host_path(message: str, *roots: Path) -> None:
    assert not re.search(r"(^|[\s'\"=:(])/", message), message  # no absolute path at all
    for root in roots:
        assert str(root) not in message


def test_a_missing_pool_file_gives_a_trace_error_without_host_paths(
    probe_tasks: Path, tmp_path: Path
) -> None:
    tasks_dir = _copy_with_pool_edit(
        probe_tasks,
        tmp_path / "tasks",
        'file = "items/test_c1_basic.py"',
        'file = "items/test_nested_absorbed.py"',
    )
    tasks = TaskSet.load(tasks_dir)
    runner = ScriptedRunner(make_sandbox("local"), TaskDirPools(tasks))
    workdir = tmp_path / "work"
    result = run_safely(runner, BASE, tasks.tasks[0].public(), RunnerLimits(), workdir)
    error = result.trace.error
    assert result.submission is None and error is not None
    assert "task probe-task: author/items/test_nested_absorbed.py: No such file or directory" in (
        error
    )
    _assert_no_host_path(error, tasks_dir, workdir)
    assert "/tmp" not in error


class _FailingRunner:
    """Raises an OSError naming a file in its workdir and a file elsewhere on the host."""

    name = "failing"

    def __init__(self, elsewhere: Path) -> None:
        self.elsewhere = elsewhere

    def run(
        self, strategy: Strategy, task: PublicTask, limits: RunnerLimits, workdir: Path
    ) -> RunnerResult:
        raise OSError(f"cannot copy {workdir / 'app' / 'x.py'} to {self.elsewhere}")

    def health_check(self, strategy: Strategy) -> None:
        return None


def test_run_safely_keeps_host_paths_out_of_the_trace(tmp_path: Path) -> None:
    task = (
        TaskSet.load(Path(__file__).resolve().parents[3] / "fixtures" / "tasks").tasks[0].public()
    )
    elsewhere = tmp_path / "hidden" / "solution" / "ref.py"
    workdir = tmp_path / "work"
    result = run_safely(_FailingRunner(elsewhere), BASE, task, RunnerLimits(), workdir)
    error = result.trace.error or ""
    assert error.startswith("OSError: cannot copy app/x.py to .../ref.py at ")
    _assert_no_host_path(error, tmp_path)


ESCAPES = [
    ('file = "items/test_c1_basic.py"', 'file = "../solution/probe.py"', "file"),
    ('file = "items/test_c1_basic.py"', 'file = "items/../../solution/probe.py"', "file"),
    ('file = "items/test_c1_basic.py"', 'file = "/etc/passwd"', "file"),
    ('repaired = "items/test_c3_broken_fixed.py"', 'repaired = "../tests/run.sh"', "repaired"),
]


@pytest.mark.parametrize(("old", "new", "field"), ESCAPES)
def test_pool_files_outside_author_are_refused(
    probe_tasks: Path, tmp_path: Path, old: str, new: str, field: str
) -> None:
    tasks_dir = _copy_with_pool_edit(probe_tasks, tmp_path / "tasks", old, new)
    with pytest.raises(UserInputError) as raised:
        load_author_pool(tasks_dir / "probe-task" / "author")
    message = str(raised.value)
    item = "c3-broken" if field == "repaired" else "c1-basic"
    assert message.startswith("task probe-task: author/pool.toml: ")
    assert f"item {item!r}: {field} = " in message and "leaves author/" in message
    _assert_no_host_path(message.replace("'/etc/passwd'", "'etc/passwd'"), tasks_dir)


def test_a_symlink_out_of_author_is_refused(probe_tasks: Path, tmp_path: Path) -> None:
    tasks_dir = tmp_path / "tasks"
    shutil.copytree(probe_tasks, tasks_dir)
    item = tasks_dir / "probe-task/author/items/test_c1_basic.py"
    item.unlink()
    item.symlink_to("../../solution/probe.py")
    with pytest.raises(UserInputError, match=r"item 'c1-basic': file = .* leaves author/"):
        load_author_pool(tasks_dir / "probe-task" / "author")


def test_tasks_validate_reports_a_pool_that_leaves_author(
    probe_tasks: Path, tmp_path: Path
) -> None:
    tasks_dir = _copy_with_pool_edit(
        probe_tasks,
        tmp_path / "tasks",
        'file = "items/test_c1_basic.py"',
        'file = "../solution/probe.py"',
    )
    done = run_rsi("tasks", "validate", str(tasks_dir), "--json")
    assert done.returncode == 1, done.stderr
    problems = json.loads(done.stdout)["tasks"][0]["problems"]
    expected = (
        "author pool: task probe-task: author/pool.toml: item 'c1-basic': "
        "file = '../solution/probe.py' leaves author/"
    )
    assert any(problem.startswith(expected) for problem in problems), problems
