"""The benchmark's journal: `benchmark.json` (the shared controls, written once) and
`evaluations.jsonl` (one fsynced line per paid evaluation).

- An evaluation is keyed by (configuration, model, task, seed) and paid once: a resume
  (after Ctrl-C or kill -9) reads the lines and runs only what is missing. A torn last line
  (killed mid-write) is dropped and its evaluation run again.
- The controls (tasks, seed, per-task caps, the strategies of A to E, coverage on or off)
  must match on resume; configurations and models may be added.
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Iterator
from pathlib import Path

from pydantic import BaseModel, ConfigDict, ValidationError

from evaluators.judging import TaskCoverage, TaskOutcomes
from evaluators.runners import RunnerLimits, Usage
from search_space import UserInputError

CONTROLS_FILE = "benchmark.json"
EVALUATIONS_FILE = "evaluations.jsonl"
# Test hook for crash-safety tests: SIGKILL this process right after the k-th append.
KILL_AFTER_ENV = "RSI_TEST_KILL_AFTER_EVALUATION"


class BenchControls(BaseModel):
    """What every configuration shares (paper D.4: same tasks, caps and seeds)."""

    model_config = ConfigDict(frozen=True)

    tasks: tuple[str, ...]
    task_source: str  # "test role of CONFIG" or the task directory
    seed: int
    limits: RunnerLimits
    strategies: dict[str, str]  # configuration letter -> strategy id
    coverage: bool


class BenchEvaluation(BaseModel):
    """One paid evaluation of one configuration under one model on one task."""

    model_config = ConfigDict(frozen=True)

    configuration: str
    model: str
    task_id: str
    seed: int
    strategy_id: str
    outcomes: TaskOutcomes  # judged with the panel; no submission: all missing
    coverage: TaskCoverage | None = None
    usage: Usage = Usage()
    runner_error: str | None = None
    infra_error: str | None = None

    @property
    def key(self) -> tuple[str, str, str, int]:
        return (self.configuration, self.model, self.task_id, self.seed)


class BenchLedger:
    """The append-only evaluations of one benchmark directory; thread-safe appends."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.path = directory / EVALUATIONS_FILE
        self._lock = threading.Lock()
        kill_after = os.environ.get(KILL_AFTER_ENV)
        self._kill_after = int(kill_after) if kill_after else None
        self._appended = 0
        self._records: dict[tuple[str, str, str, int], BenchEvaluation] = {}
        _drop_torn_line(self.path)
        for record in _read(self.path):
            self._records.setdefault(record.key, record)

    def open_controls(self, controls: BenchControls) -> None:
        """Write the controls, or check they match the ones already written: the same
        tasks, seed, caps, coverage setting and, for configurations in both, strategies.
        New configurations join the file."""
        self.directory.mkdir(parents=True, exist_ok=True)
        path = self.directory / CONTROLS_FILE
        if path.exists():
            written = BenchControls.model_validate_json(path.read_text())
            shared = set(written.strategies) & set(controls.strategies)
            same = _shared_part(written) == _shared_part(controls) and all(
                written.strategies[k] == controls.strategies[k] for k in shared
            )
            if not same:
                raise UserInputError(
                    "this benchmark was started with other tasks, seed, caps, strategies or "
                    "coverage setting; use another --out or the same inputs",
                    source=str(path),
                )
            controls = controls.model_copy(
                update={"strategies": {**written.strategies, **controls.strategies}}
            )
        path.write_text(controls.model_dump_json(indent=1))

    def __contains__(self, key: object) -> bool:
        return key in self._records

    def records(self) -> tuple[BenchEvaluation, ...]:
        return tuple(self._records.values())

    def append(self, record: BenchEvaluation) -> None:
        """Write one line and fsync it; an evaluation already kept is not written again."""
        with self._lock:
            if record.key in self._records:
                return
            line = record.model_dump_json() + "\n"
            with self.path.open("a", encoding="utf-8") as handle:
                handle.write(line)
                handle.flush()
                os.fsync(handle.fileno())
            self._records[record.key] = record
            self._appended += 1
            if self._appended == self._kill_after:
                os.kill(os.getpid(), signal.SIGKILL)


def _shared_part(controls: BenchControls) -> BenchControls:
    """What a resume must match beyond the strategies (where the tasks were named from may
    change: the same ids are the same benchmark)."""
    return controls.model_copy(update={"strategies": {}, "task_source": ""})


def _drop_torn_line(path: Path) -> None:
    """Cut a last line without its newline (the process died writing it), so the next
    append starts a line of its own; that evaluation is run again."""
    if not path.exists():
        return
    data = path.read_bytes()
    if data and not data.endswith(b"\n"):
        with path.open("r+b") as handle:
            handle.truncate(data.rfind(b"\n") + 1)
            handle.flush()
            os.fsync(handle.fileno())


def _read(path: Path) -> Iterator[BenchEvaluation]:
    if not path.exists():
        return
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        try:
            yield BenchEvaluation.model_validate_json(line)
        except ValidationError as error:
            detail = str(error).splitlines()[0]
            raise UserInputError(
                f"line {number} is not an evaluation: {detail}", source=str(path)
            ) from None
