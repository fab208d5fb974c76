"""The harness's phases on a real sandbox with a scripted model (typed answers).

The `clamp-range` fixture task: the first author over-fits the error message. A single pair
submits that suite, which rejects a valid implementation of the hidden panel; K=3 with peer
cross-validation has the reviewer catch it (with a verified quote of the requirement),
feeds it back, and submits a merged suite that the whole panel agrees with.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from evaluators.judging.judge import judge
from evaluators.judging.metrics import score_task
from evaluators.runners.base import RunnerLimits, Usage
from evaluators.runners.testhelix import HarnessSettings, TestHelixRunner
from evaluators.sandbox import LocalSandbox, Outcome, RunResult, RunSpec, Sandbox
from evaluators.tasks import TaskSet
from search_space import Strategy
from tests.support.harness_model import ScriptedAsk

ROOT = Path(__file__).resolve().parents[4]
K3 = Strategy(initialCandidates=3, maxCandidates=3)


class ScriptedModels:
    def __init__(self) -> None:
        self.asks: list[ScriptedAsk] = []

    def health_stop(self) -> None:
        return None

    def open(self, namespace: str, limits: RunnerLimits) -> tuple[ScriptedAsk, ScriptedModels]:
        self.asks.append(ScriptedAsk())
        return self.asks[-1], self

    def usage(self) -> Usage:
        return Usage(calls=len(self.asks[-1].asked))

    def finish(self) -> dict[str, object]:
        return {"replies": len(self.asks[-1].asked), "malformed": 0}

    def tool_chat(self) -> object:
        raise NotImplementedError("the scripted ask has no tool calling")


class RepeatSandbox:
    """The real sandbox, counting runs per (program, suite); `flip_second` turns the second
    run of the first check the other way (a flaky suite: its repeats disagree)."""

    name = "repeats"

    def __init__(self, inner: LocalSandbox, *, flip_second: bool = False) -> None:
        self.inner, self.flip_second = inner, flip_second
        self.runs: Counter[tuple[tuple[Path, ...], Path]] = Counter()
        self.first: tuple[tuple[Path, ...], Path] | None = None

    def run(self, spec: RunSpec) -> RunResult:
        key = (spec.app_layers, spec.tests_dir)
        self.first = self.first or key
        self.runs[key] += 1
        result = self.inner.run(spec)
        if self.flip_second and key == self.first and self.runs[key] == 2:
            flipped = Outcome.PASS if result.outcome is Outcome.FAIL else Outcome.FAIL
            return result.model_copy(update={"outcome": flipped})
        return result


@pytest.fixture(scope="module")
def task_set() -> TaskSet:
    return TaskSet.load(ROOT / "tests/fixtures/tasks")


def _run(
    sandbox: Sandbox,
    task_set: TaskSet,
    configuration: str,
    tmp_path: Path,
    *,
    repeats: int = 1,
) -> tuple[object, ScriptedModels]:
    models = ScriptedModels()
    runner = TestHelixRunner(
        sandbox, models, HarnessSettings(configuration=configuration, execution_repeats=repeats)
    )
    task = task_set.get("clamp-range")
    result = runner.run(
        K3, task.public(), RunnerLimits(test_timeout_s=30), tmp_path / configuration
    )
    return result, models


def _panel_scores(task_set: TaskSet, submission: Path, sandbox: LocalSandbox) -> object:
    judgement = judge(task_set.get("clamp-range"), submission, sandbox, panel=True)
    return score_task(judgement.outcomes())


def test_cross_validation_submits_what_a_single_overfitted_pair_would_not(
    bwrap_sandbox: LocalSandbox, task_set: TaskSet, tmp_path: Path
) -> None:
    single, _ = _run(bwrap_sandbox, task_set, "single", tmp_path)
    checked, models = _run(bwrap_sandbox, task_set, "peer-cross-validation", tmp_path)
    assert single.submission is not None and checked.submission is not None
    assert "must not exceed hi" in (single.submission / "test_clamp.py").read_text()

    single_scores = _panel_scores(task_set, single.submission, bwrap_sandbox)
    checked_scores = _panel_scores(task_set, checked.submission, bwrap_sandbox)
    assert single_scores.F == 1 and single_scores.A == 0.0  # passes the reference only
    assert checked_scores.F == 1 and checked_scores.S == 1  # the whole panel agrees

    phases = checked.trace.phases
    reviews = [p for p in phases if p["phase"] == "review"]
    first = next(p for p in reviews if p["pair"] == 0)
    assert not first["approved"] and first["findings"][0]["verified"]
    # The structured review reports the execution checks it relied on: the host's symptoms.
    assert first["checks"][0].startswith("symptoms: initial program: fail")
    assert any(p["phase"] == "feedback" and p["pair"] == 0 and p["revised"] for p in phases)
    selection = next(p for p in phases if p["phase"] == "selection")
    assert selection["selected"].startswith("merged:") and selection["support"] == 3
    matrix = next(p for p in phases if p["phase"] == "cross-execution")["matrix"]
    assert matrix["0->1"] is False and matrix["1->0"] is True
    asked = [name for name, _ in models.asks[-1].asked]
    assert "ReviewSuite" in asked and "ChallengeRepairs" in asked
    reviewed = [inputs for name, inputs in models.asks[-1].asked if name == "ReviewSuite"]
    assert all("sorted((lo, x, hi))" not in i["tests"] + i["symptoms"] for i in reviewed)


def test_random_submission_draws_one_consistent_pair_with_a_fixed_seed(
    bwrap_sandbox: LocalSandbox, task_set: TaskSet, tmp_path: Path
) -> None:
    first, _ = _run(bwrap_sandbox, task_set, "random-submission", tmp_path / "a")
    again, _ = _run(bwrap_sandbox, task_set, "random-submission", tmp_path / "b")
    chosen = [next(p for p in r.trace.phases if p["phase"] == "selection") for r in (first, again)]
    assert chosen[0]["selected"] == chosen[1]["selected"]
    assert not any(p["phase"] in ("review", "cross-execution") for p in first.trace.phases)


def test_a_harness_without_a_qualified_suite_submits_nothing(
    bwrap_sandbox: LocalSandbox, task_set: TaskSet, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tests.support.harness_model as script

    monkeypatch.setattr(script, "REPAIRS", ("def clamp(x, lo, hi):\n    return x\n",) * 3)
    result, _ = _run(bwrap_sandbox, task_set, "single", tmp_path)
    assert result.submission is None
    assert result.trace.error == "no qualified suite to submit"
    pair = next(p for p in result.trace.phases if p["phase"] == "pair")
    assert not pair["consistent"] and pair["refinements"] == K3.repair_steps


def test_a_model_reaching_outside_its_workspace_gets_nothing_hidden(
    bwrap_sandbox: LocalSandbox, task_set: TaskSet, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The model writes a test that reads the hidden reference by its host path and prints
    it. The suite runs sandboxed: the file is not there, and nothing hidden reaches the
    trace or the tool output the model reads."""
    import tests.support.harness_model as script

    hidden = task_set.get("clamp-range").solution_dir / "calc.py"
    probe = f"\n\ndef test_reads_the_reference():\n    print(open({str(hidden)!r}).read())\n"
    monkeypatch.setattr(script, "BASIC", script.BASIC + probe)
    reference_body = "min(max(x, lo), hi)"  # in the hidden reference, in no generated repair
    monkeypatch.setattr(
        script,
        "REPAIRS",
        tuple(r.replace(reference_body, "max(lo, min(x, hi))") for r in script.REPAIRS),
    )
    result, _ = _run(bwrap_sandbox, task_set, "single", tmp_path)
    assert "No such file or directory" in result.trace.tool_output
    assert reference_body not in result.trace.model_dump_json()
    assert result.submission is None  # the probing test fails on every program: no pair qualifies


def test_an_approved_suite_survives_a_revision_that_fails_to_requalify(
    bwrap_sandbox: LocalSandbox, task_set: TaskSet, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pair 0 is approved (no finding), peers' repairs fail its strict test, so it gets
    counterexamples as feedback; every revision it writes is inconsistent. Its approved
    suite is kept, not lost."""
    import tests.support.harness_model as script

    original = script.answer

    def answer(signature: type, inputs: dict[str, str]) -> object:
        if signature is script.ReviewSuite:
            return script.Review(findings=[], covered=["1"])
        first_author = "Your direction for this suite: Pinned" in inputs.get("brief", "")
        if signature is script.WritePair and first_author and inputs["previous"]:
            broken = "def clamp(x, lo, hi):\n    return x\n"
            return script.PairDraft(
                tests=[script.SourceFile(path="test_clamp.py", content=script.BASIC)],
                repair=[script.SourceFile(path="calc.py", content=broken)],
            )
        return original(signature, inputs)

    monkeypatch.setattr(script, "answer", answer)
    result, _ = _run(bwrap_sandbox, task_set, "peer-cross-validation", tmp_path)
    feedback = next(p for p in result.trace.phases if p["phase"] == "feedback" and p["pair"] == 0)
    assert feedback["counterexamples"] and feedback.get("kept_approved") is True
    selection = next(p for p in result.trace.phases if p["phase"] == "selection")
    assert 0 in selection["consistent"] and 0 in selection["approved"]


def test_challenge_tests_that_do_not_separate_the_two_repairs_are_dropped(
    bwrap_sandbox: LocalSandbox, task_set: TaskSet, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tests.support.harness_model as script

    original = script.answer
    harmless = "from calc import clamp\n\n\ndef test_extra():\n    assert clamp(5, 0, 10) == 5\n"

    def answer(signature: type, inputs: dict[str, str]) -> object:
        if signature is script.ChallengeRepairs:
            extra = script.SourceFile(path="test_extra.py", content=harmless)
            return script.ChallengeTests(tests=[extra], rationale="both repairs pass it")
        return original(signature, inputs)

    monkeypatch.setattr(script, "answer", answer)
    result, _ = _run(bwrap_sandbox, task_set, "peer-cross-validation", tmp_path)
    challenge = next(p for p in result.trace.phases if p["phase"] == "challenge")
    assert challenge["tests"] == 1 and challenge["kept"] is False
    assert result.submission is not None
    assert not (result.submission / "test_extra.py").exists()


def test_the_structured_path_runs_each_check_execution_repeats_times(
    bwrap_sandbox: LocalSandbox, task_set: TaskSet, tmp_path: Path
) -> None:
    """`execution_repeats = 2` on the structured (non-agent) pairs: every check the harness
    runs is run twice on the same program and suite; when the two runs disagree the check
    is not reproducible, and the pair it belongs to is not consistent on that version."""
    steady = RepeatSandbox(bwrap_sandbox)
    result, _ = _run(steady, task_set, "single", tmp_path / "steady", repeats=2)
    ran = [c for c in result.trace.checks if not c.get("remembered")]
    assert ran and len(steady.runs) == len(ran)
    assert set(steady.runs.values()) == {2}, steady.runs
    assert all(c["reproducible"] for c in result.trace.checks)
    assert result.submission is not None

    flaky = RepeatSandbox(bwrap_sandbox, flip_second=True)
    result, _ = _run(flaky, task_set, "single", tmp_path / "flaky", repeats=2)
    first = result.trace.checks[0]
    assert (first["target"], first["reproducible"]) == ("initial", False), first
    pair = next(p for p in result.trace.phases if p["phase"] == "pair")
    assert pair["consistent"] is False  # its suite never failed the initial program reliably
    assert result.submission is None
