"""A rich progress display for long searches, driven by journal events."""

from __future__ import annotations

from types import TracebackType

from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from rsi.cli.output import err_console
from rsi.config import ExperimentConfig
from rsi.journal import ChildProposed, Evaluation, Event, RoundCompleted, Screened, edit_text
from search_space import counted


class SearchProgress:
    """Rounds and evaluations with elapsed time and ETA; silent when disabled (`--json`)."""

    def __init__(self, config: ExperimentConfig, *, enabled: bool) -> None:
        self.enabled = enabled
        self._progress = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),  # "132/?" while the total is unknown
            TimeElapsedColumn(),
            TimeRemainingColumn(),
            console=err_console,
            disable=not enabled,
            transient=False,
        )
        self._rounds = self._progress.add_task("rounds", total=config.search.completed_rounds)
        self._evals = self._progress.add_task("evaluations", total=None)
        self._edits: dict[str, str] = {}  # child id -> its edit as one line

    def __enter__(self) -> SearchProgress:
        self._progress.__enter__()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self._progress.__exit__(kind, error, tb)

    def on_event(self, event: Event) -> None:
        data = event.data
        if isinstance(data, Evaluation):
            self._progress.advance(self._evals)
        elif isinstance(data, RoundCompleted):
            self._progress.advance(self._rounds)
        elif isinstance(data, ChildProposed):
            self._edits[data.child_id] = f"{data.proposer}: {edit_text(data.edit)}"
        elif isinstance(data, Screened) and self.enabled:
            verdict = "kept" if data.passed else "discarded"
            edit = self._edits.get(data.child_id, data.child_id)
            self._progress.console.print(
                f"round {data.round} ({edit}): {data.parent_successes} -> "
                f"{data.child_successes}, {counted(data.regressions, 'regression')}, {verdict}"
            )
