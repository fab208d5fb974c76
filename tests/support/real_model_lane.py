"""What the real-model lane's tests share: its config pointed at a server, its task, and the
task's hidden material (which no request may hold)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from tests.support.recording_proxy import Exchange
from tests.support.search_fixtures import ROOT, rewrite_config

LANE = ROOT / "experiments/real_model"
TASKS = ROOT / "experiments/tasks"
STRATEGY = LANE / "strategy.json"
# A task with a short program and requirement: a CPU model reads its prompts in seconds.
TASK = TASKS / "gen-roman-lenient-parse"
HIDDEN = ("solution", "panel", "tests", "author")  # never in a runner's prompt
CANARY = "CANARY-7f3a9c-hidden-material"


def lane_config(home: Path, base_url: str, replace: dict[str, str] | None = None) -> Path:
    """experiments/real_model/smollm2.toml with absolute paths, its model at `base_url`."""
    absolute = {
        'tasks = "../tasks"': f'tasks = "{TASKS}"',
        'initial_strategy = "strategy.json"': f'initial_strategy = "{STRATEGY}"',
        'runs_dir = "../../runs"': f'runs_dir = "{home / "runs"}"',
        '"http://127.0.0.1:8000/v1"': json.dumps(base_url),
    }
    return rewrite_config(
        LANE / "smollm2.toml", home / "smollm2.toml", {**absolute, **(replace or {})}
    )


def planted_task(home: Path, task: Path = TASK) -> Path:
    """A copy of `task` whose hidden files (reference, panel, trusted tests, author pool)
    each end with `CANARY`: a request holding it carried hidden material."""
    copy = home / "tasks" / task.name
    shutil.copytree(task, copy)
    for part in HIDDEN:
        for path in sorted((copy / part).rglob("*")):
            if path.is_file() and path.suffix in {".py", ".sh", ".toml", ".md", ".txt"}:
                path.write_text(path.read_text() + f"\n# {CANARY}\n")
    return copy


def leaked(exchanges: list[Exchange]) -> list[str]:
    """The request paths whose body holds the canary."""
    return [e.path for e in exchanges if CANARY in json.dumps(e.request)]


def repeated(exchanges: list[Exchange]) -> int:
    """How many requests repeated an earlier identical one (messages, tools and limits)."""
    seen: set[str] = set()
    repeats = 0
    for exchange in exchanges:
        key = json.dumps(exchange.request, sort_keys=True)
        repeats += key in seen
        seen.add(key)
    return repeats
