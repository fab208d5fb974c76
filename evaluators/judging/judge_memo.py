"""Within one search, an identical submission on the same task is judged once.

A parent and its child often hand in the same suite for a task (the edit did not touch
what that task exercises), and the release gate's two strategies often do too. Judging
such a suite again costs sandbox runs and can only disagree with itself through noise: a
flaky suite would then count as a regression or a discordant pair that no edit caused.
So the second asker gets the first verdict, marked `remembered` in the trace beside the
journal (never in the journal itself, which stays the same whichever evaluation paid).

A verdict with an `error` outcome on any target (a sandbox or infrastructure failure, an
unrunnable run.sh) is not kept: the next asker runs it again. The memory lives as long as
the run's evaluation services, in one process; `rsi resume` starts with none.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from evaluators.judging.judge import TaskJudgement
from evaluators.judging.once import Once, directory_digest
from evaluators.sandbox import Outcome
from evaluators.tasks import Task


def _conclusive(judgement: TaskJudgement) -> bool:
    return all(result.outcome is not Outcome.ERROR for result in judgement.results)


class RememberedJudgements:
    """The judge's verdicts of one search, by task (id and directory) and submission content."""

    def __init__(self) -> None:
        self._verdicts: Once[TaskJudgement] = Once(keep=_conclusive)

    def judge(
        self, task: Task, submission: Path, run: Callable[[], TaskJudgement]
    ) -> TaskJudgement:
        """`run()`'s verdict on `submission`, or an identical submission's earlier one."""
        key = (task.id, str(task.root), directory_digest(submission))
        verdict, remembered = self._verdicts.get(key, run)
        return verdict.model_copy(update={"remembered": True}) if remembered else verdict

    @property
    def remembered(self) -> int:
        """Judgements answered from an earlier identical submission's verdict."""
        return self._verdicts.remembered
