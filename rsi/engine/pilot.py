"""`rsi pilot`: the initial strategy on the first tasks of round 1's minibatch, paid once.

- It runs inside the search's own run directory, under its lock, and journals ordinary
  evaluations under the very ops round 1 asks for (`eval:train:<initial>:<task>:<seed>`):
  round 1's parent can only be the initial strategy, so a later `rsi search` of the same
  run directory finds them journaled and pays nothing again for them.
- It writes the run's config.json (a run directory of another config is refused, exit 2)
  and records nothing else: the search records its start, split and ledger reservation
  when it starts, and its journal differs from an unpiloted one only in where these
  evaluations sit.
- It never touches the dev or release split, and it obeys the `[budget]` money caps.
- `run_pilot` is an entry, like `Engine`: it takes the whole config (it writes it to
  config.json) and hands each part its sections (`ExperimentConfig.services_config`, ...).
"""

from __future__ import annotations

from pathlib import Path

from rsi.config import ExperimentConfig, SearchSection, SplitConfig, write_run_config
from rsi.engine.sampling import minibatch, plan_split
from rsi.engine.stack import load_initial
from rsi.engine.stopping import StopFlag
from rsi.execution import (
    EvaluationServices,
    Evaluator,
    build_services,
    generator_charge,
    money_ledger,
    open_pool,
)
from rsi.journal import Evaluation, EventData, Journal, RunLock, RunStarted
from search_space import UserInputError


def pilot_tasks(
    split_config: SplitConfig,
    search: SearchSection,
    seed: int,
    services: EvaluationServices,
    journal: Journal,
) -> tuple[str, ...]:
    """Round 1's minibatch, from the recorded split or the one the search will record."""
    split = journal.fold().split or plan_split(split_config, services.tasks, None)
    assert split is not None
    batch = minibatch(
        split.roles["proposal"],
        1,
        size=search.minibatch,
        seed=seed,
        epochs=search.epochs,
    )
    if batch is None or search.completed_rounds < 1:
        raise UserInputError("the search runs no round: nothing to pilot", source="config")
    return batch


def run_pilot(
    config: ExperimentConfig,
    run_dir: Path,
    tasks: int,
    *,
    services: EvaluationServices | None = None,
) -> dict[str, Evaluation]:
    """Evaluate the initial strategy on the first `tasks` tasks of round 1's minibatch,
    journaled in `run_dir` (those already journaled are not paid again)."""
    if tasks < 1:
        raise UserInputError("--tasks must be at least 1", source="rsi pilot")
    services_config = config.services_config()
    services = services or build_services(services_config, run_dir)
    run_dir.mkdir(parents=True, exist_ok=True)
    stop = StopFlag(run_dir)
    with (
        RunLock(run_dir),
        stop.installed(),
        open_pool(config.executor, services_config, run_dir, services) as (pool, in_flight),
    ):
        journal = Journal(run_dir)
        try:
            started = journal.get("run:start")
            recorded = started.data if started and isinstance(started.data, RunStarted) else None
            hashed = recorded.config_hash if recorded else None
            write_run_config(config, run_dir, hashed, journaled=len(journal) > 0)
            batch = pilot_tasks(
                config.split_config(), config.search, config.experiment.seed, services, journal
            )[:tasks]

            money = config.money_config()

            def record(op: str, data: EventData) -> object:
                return journal.append(op, data)

            evaluator = Evaluator(
                services,
                journal,
                record,
                pool,
                max_in_flight=in_flight,
                should_stop=stop,
                money=generator_charge(money, money_ledger(money, journal.fold())),
            )
            return evaluator.evaluate(load_initial(config.experiment), batch, "train")
        finally:
            journal.close()
