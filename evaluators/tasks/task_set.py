"""Task pools on disk: which directories are tasks, and loading them into a `TaskSet`.

Our format (`evaluators.tasks.model`) and Harbor's (`evaluators.tasks.harbor_task`) mix
freely in one pool; this module is the one place that tells them apart.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from evaluators.tasks.harbor_task import is_harbor_dir, load_harbor_task
from evaluators.tasks.model import Task, load_task
from evaluators.tasks.splits import DEFAULT_SEED, Role, Splits, split_ids
from search_space import UserInputError


def _task_dirs(directory: Path) -> list[Path]:
    return sorted(
        entry
        for entry in directory.iterdir()
        if entry.is_dir() and not entry.name.startswith((".", "_"))
    )


def discover_task_dirs(directory: Path) -> list[tuple[Path, str]]:
    """(task directory, dataset name) for every task `TaskSet.load` would read."""
    if not directory.is_dir():
        raise UserInputError("not a directory", source=str(directory))
    if (directory / "task.toml").exists():
        return [(directory, directory.resolve().parent.name)]
    found: list[tuple[Path, str]] = []
    for entry in _task_dirs(directory):
        children = [] if (entry / "task.toml").exists() else _task_dirs(entry)
        if any((child / "task.toml").exists() for child in children):
            found.extend((child, entry.name) for child in children)
        else:
            found.append((entry, directory.resolve().name))
    return found


def load_problems(directory: Path) -> list[str]:
    """Every task directory's loading error, one line each (empty when all load)."""
    problems: list[str] = []
    for entry, dataset in discover_task_dirs(directory):
        try:
            _load_any(entry, dataset=dataset)
        except UserInputError as error:
            problems.append(str(error))
    return problems


def _load_any(directory: Path, *, dataset: str) -> Task:
    """Our format, or Harbor's when the directory is laid out as a Harbor task."""
    if is_harbor_dir(directory):
        return load_harbor_task(directory, dataset=dataset)
    return load_task(directory)


class TaskSet(BaseModel):
    """Tasks sorted by id."""

    model_config = ConfigDict(frozen=True)

    tasks: tuple[Task, ...]

    @classmethod
    def load(cls, directory: Path) -> TaskSet:
        """Load every task directory in `directory` (files and dot/underscore dirs ignored).

        A directory holding `task.toml` itself is loaded as a one-task set. A child without
        `task.toml` that holds task directories is a dataset folder (Harbor pools are often
        several datasets side by side) and is loaded one level down. Our own format and
        Harbor's (`evaluators.harbor`) mix freely; ids must be unique across the pool.
        """
        tasks: dict[str, Task] = {}
        for entry, dataset in discover_task_dirs(directory):
            task = _load_any(entry, dataset=dataset)
            if task.id in tasks:
                raise UserInputError(
                    f"task id {task.id!r} is used by {tasks[task.id].root} and {task.root}",
                    source=str(directory),
                )
            tasks[task.id] = task
        return cls(tasks=tuple(tasks[task_id] for task_id in sorted(tasks)))

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(task.id for task in self.tasks)

    def get(self, task_id: str) -> Task:
        for task in self.tasks:
            if task.id == task_id:
                return task
        raise KeyError(task_id)

    def subset(self, ids: tuple[str, ...] | list[str]) -> TaskSet:
        """The tasks with these ids, in the given order."""
        return TaskSet(tasks=tuple(self.get(task_id) for task_id in ids))

    def split(self, sizes: Mapping[Role | str, int], *, seed: int = DEFAULT_SEED) -> Splits:
        """Seeded disjoint roles of whole families (see `evaluators.tasks.splits.split_ids`)."""
        return split_ids(self.ids, sizes, seed=seed, families=self.families)

    @property
    def families(self) -> dict[str, str]:
        """Task id -> family (a task without a declared family is its own)."""
        return {task.id: task.family for task in self.tasks}

    def __len__(self) -> int:
        return len(self.tasks)
