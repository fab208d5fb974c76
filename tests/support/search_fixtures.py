"""Real searches over fixed slices of the embedded corpus, shared by engine tests."""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

from rsi.config import load_config
from rsi.engine import Engine
from rsi.execution.prefetch import PrefetchStats
from rsi.proposers import PolicyProposer, Proposal, ProposalContext

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "experiments/tasks"
SLICE_SIZE = 12

SMALL_SEARCH = """
[experiment]
name = "small"
seed = {seed}
tasks = "{tasks}"
initial_strategy = "{root}/experiments/strategies/initial.json"
runs_dir = "{runs}"

[data]
proposal = 6
dev = 3
release = 3
seed = 1

[search]
minibatch = 2
completed_rounds = 2
max_attempts = 5
workers = {workers}

[proposers]
stack = [{stack}]

[sandbox]
backend = "local"
timeout_cap_s = 60

[mlflow]
enabled = false
"""


def corpus_slice(directory: Path, size: int = SLICE_SIZE) -> Path:
    """Copy a fixed, context-spanning slice of the corpus, so tests do not move with it."""
    ids = sorted(p.name for p in CORPUS.iterdir() if (p / "task.toml").is_file())
    step = max(1, len(ids) // size)
    target = directory / "tasks"
    for task_id in ids[::step][:size]:
        shutil.copytree(CORPUS / task_id, target / task_id)
    return target


# [data] seed 1: on this slice's whole-family split, the small search keeps two children
# and decides a gate (at seed 42 it keeps none and has nothing to release).


def write_small_config(
    directory: Path,
    *,
    tasks: Path | None = None,
    seed: int = 42,
    workers: int = 1,
    stack: str = '"heuristic", "optuna"',
) -> Path:
    """A small search config in `directory`; `tasks` defaults to a fresh corpus slice there."""
    tasks = tasks or corpus_slice(directory)
    path = directory / "small.toml"
    path.write_text(
        SMALL_SEARCH.format(
            seed=seed, tasks=tasks, root=ROOT, runs=directory / "runs", workers=workers, stack=stack
        )
    )
    return path


# A search that keeps children, discards one, dev-ranks three candidates and gates with
# discordant pairs, at as few evaluations as that takes (issue 52: it runs once in-process
# and again in the crash chain's ~20 killed-and-resumed processes). Its pool is pinned
# (tests/fixtures/keeping_search_pool.txt, 40 tasks) so that corpus growth does not move
# its split, and cut to what the split uses:
# - proposal: 33 tasks in 8 whole families (three rounds of minibatch 5 draw from them);
# - dev: 3 tasks, fw-event-bus-error-isolation, st-lru-ttl-ticks and st-lru-weighted: the
#   round-1 child is strictly best on dev (3 of 3 against the initial's 2), and the child
#   kept in round 3 misses st-lru-ttl-ticks, so its dev score is decided early (at most
#   2 of 3) and st-lru-weighted is skipped: a `decided_early` of both purposes;
# - release: 4 of the ascii-table family, on which the champion wins 2 and loses 2 against
#   the initial strategy (the gate's discordant pairs; its journaled power at n 4 is 0,
#   which no user reads). Round 1's parent batch and the gate's baseline still run ahead
#   into the prefetch store (the crash chain's stored_ahead > 0).
# [data] seed 1001 is one that puts these families in these roles (so do 2184, 4279, 4688
# and 4829: same split, same run); [search] minibatch 5: rounds 1 and 3 keep a child and
# round 2 discards one, each round in one attempt, and both rounds that keep decide their
# screen early. 42 evaluations, about 37 s of CPU (the quickstart-sized search it replaced,
# 84 tasks, dev 9 and release 17, ran 92 in about 85 s). Minibatch 4 keeps only one child
# on this pool; minibatch 6 keeps two too, at 48 evaluations.
KEEPING_POOL = Path(__file__).resolve().parents[1] / "fixtures/keeping_search_pool.txt"
KEEPING_SEARCH = """
[experiment]
name = "keeping"
seed = 42
tasks = "{tasks}"
initial_strategy = "{root}/experiments/strategies/initial.json"
runs_dir = "{runs}"

[data]
proposal = 33
dev = 3
release = 4
seed = 1001

[search]
minibatch = 5
completed_rounds = 3
max_attempts = 6
workers = {workers}

[proposers]
stack = ["heuristic", "optuna"]
optuna_startup_trials = 4

[sandbox]
backend = "local"
timeout_cap_s = 60

[mlflow]
enabled = false
"""


def keeping_pool(directory: Path) -> Path:
    """Copy the pinned pool of the keeping search into `directory/tasks`."""
    return pinned_pool(directory, KEEPING_POOL)


def pinned_pool(directory: Path, pool: Path) -> Path:
    """Copy the corpus tasks named in `pool` (one id per line) into `directory/tasks`."""
    target = directory / "tasks"
    for task_id in pool.read_text().split():
        shutil.copytree(CORPUS / task_id, target / task_id)
    return target


K3 = ROOT / "experiments/testhelix_k3.toml"


def write_k3_config(
    directory: Path, *, replace: dict[str, str] | None = None, extra: str = ""
) -> Path:
    """The paper's config with absolute paths (and edits) in `directory`."""
    absolute = {
        'tasks = "tasks"': f'tasks = "{ROOT / "experiments/tasks"}"',
        '"strategies/initial.json"': f'"{ROOT / "experiments/strategies/initial.json"}"',
        'runs_dir = "../runs"': f'runs_dir = "{directory / "runs"}"',
    }
    return rewrite_config(K3, directory / "k3.toml", {**absolute, **(replace or {})}, extra)


def rewrite_config(source: Path, path: Path, replace: dict[str, str], extra: str = "") -> Path:
    """`source`'s text with each `replace` key (which must occur) replaced, written to `path`."""
    text = source.read_text()
    for old, new in replace.items():
        assert old in text, old
        text = text.replace(old, new)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text + extra)
    return path


def write_keeping_config(directory: Path, *, tasks: Path, workers: int = 2) -> Path:
    path = directory / "keeping.toml"
    path.write_text(
        KEEPING_SEARCH.format(tasks=tasks, root=ROOT, runs=directory / "runs", workers=workers)
    )
    return path


class RecordingProposer:
    """The keeping search's policy, with every context it is shown kept for inspection."""

    def __init__(self) -> None:
        self.inner = PolicyProposer(("heuristic", "optuna"), optuna_startup_trials=4)
        self.name = self.inner.name
        self.seen: list[ProposalContext] = []

    def propose(self, context: ProposalContext) -> Proposal:
        self.seen.append(context)
        return self.inner.propose(context)


@dataclass(frozen=True)
class FinishedSearch:
    """A finished keeping search: its config's home, its task pool and its run dir."""

    home: Path
    tasks: Path
    run_dir: Path
    proposer: RecordingProposer


def run_keeping_search(home: Path) -> FinishedSearch:
    """Run the keeping search in this process at 2 workers (the slowest shared fixture)."""
    tasks = keeping_pool(home)
    config = load_config(write_keeping_config(home, tasks=tasks, workers=2))
    proposer = RecordingProposer()
    run_dir = home / "run"
    Engine(config, run_dir, proposer=proposer).run()
    return FinishedSearch(home, tasks, run_dir, proposer)


SMALL_RUN = "small"  # the small search's run dir and run id


@dataclass(frozen=True)
class SmallSearch:
    """A finished small search at 2 workers: its task pool, its run dir (named SMALL_RUN),
    its runs_dir (the release ledger) and how its prefetch went."""

    tasks: Path
    run_dir: Path
    runs_dir: Path
    prefetched: PrefetchStats


def run_small_search(home: Path) -> SmallSearch:
    """Run the small search on a corpus slice in this process at 2 workers (prefetching)."""
    tasks = corpus_slice(home)
    config = load_config(write_small_config(home, tasks=tasks, workers=2))
    engine = Engine(config, home / SMALL_RUN)
    engine.run()
    assert engine.parts is not None  # the run's parts outlive it, closed
    stats = engine.parts.evaluator.prefetcher.stats
    return SmallSearch(tasks, home / SMALL_RUN, config.experiment.runs_dir, stats)
