"""Run a real search in this process, logging every paid runner and judge call to a ledger.

Used by the crash-safety tests as a subprocess:
`python -m tests.support.engine_driver CONFIG RUN_DIR LEDGER`. The runner and judge are the real
ones, wrapped only to count calls; `RSI_TEST_KILL_AFTER_EVENT` makes the journal SIGKILL
the process right after that event.
"""

from __future__ import annotations

import dataclasses
import os
import sys
from pathlib import Path
from typing import Any

from evaluators.judging.judge import TaskJudgement, judge
from evaluators.runners.base import Runner, RunnerLimits, RunnerResult
from evaluators.tasks import PublicTask, Task
from rsi.config import load_config
from rsi.engine import Engine
from rsi.execution import build_services
from search_space import Strategy, strategy_id


def _log(ledger: Path, line: str) -> None:
    with open(ledger, "a", encoding="utf-8") as handle:
        handle.write(line + "\n")
        handle.flush()
        os.fsync(handle.fileno())


class CountingRunner:
    def __init__(self, inner: Runner, ledger: Path) -> None:
        self.inner, self.ledger, self.name = inner, ledger, inner.name

    def health_check(self, strategy: Strategy) -> None:
        self.inner.health_check(strategy)

    def run(
        self, strategy: Strategy, task: PublicTask, limits: RunnerLimits, workdir: Path
    ) -> RunnerResult:
        _log(self.ledger, f"runner {strategy_id(strategy)} {task.id}")
        return self.inner.run(strategy, task, limits, workdir)


def counting_judge(ledger: Path) -> Any:
    def counted(task: Task, submission: Path, *args: Any, **kwargs: Any) -> TaskJudgement:
        _log(ledger, f"judge {task.id}")
        return judge(task, submission, *args, **kwargs)

    return counted


def main(config_path: str, run_dir: str, ledger: str) -> None:
    config = load_config(Path(config_path))
    services = build_services(config.services_config(), Path(run_dir))
    services = dataclasses.replace(
        services,
        runner=CountingRunner(services.runner, Path(ledger)),
        judge=counting_judge(Path(ledger)),
    )
    Engine(config, Path(run_dir), services=services).run()


if __name__ == "__main__":
    main(*sys.argv[1:4])
