"""Finished prefetched evaluations, kept on disk until a batch asks for them.

A prefetched evaluation (rsi/execution/prefetch.py) reaches the journal only when a batch
asks for its op. Without this store a kill lost every prefetched result not asked for yet,
and the resumed search paid for each again. Each finished one is written here, one file
per op (`<run dir>/prefetched/<op>.json`), written whole and then renamed into place, so
a killed process leaves a file either complete or absent. A resumed search's prefetcher
adopts the stored results its list still holds instead of running them again.

- Nothing but the prefetcher reads this directory: the gate's baseline held here is seen
  by the gate only, as before.
- A file is deleted once its op is journaled or no longer listed, and the directory once
  the search has finished.
- A file that does not parse (a crash of the machine mid-write, a hand edit) is ignored
  and its evaluation runs again: the store only saves work; the journal stays the truth.
- A result with an infrastructure error is not stored: a resumed search retries it, as it
  would without the store.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Collection
from pathlib import Path
from typing import Any

import orjson
from pydantic import BaseModel, ConfigDict, ValidationError

from rsi.execution.evaluation import EvaluationResult
from rsi.journal import Evaluation, op_file_name

STORE_DIR = "prefetched"


class StoredResult(BaseModel):
    """One file of the store: the op it answers and the evaluation's result."""

    model_config = ConfigDict(frozen=True)

    op: str
    evaluation: Evaluation
    record: dict[str, Any]


class PrefetchStore:
    """Finished prefetched results of one run, by op (see the module docstring)."""

    def __init__(self, run_dir: Path) -> None:
        self.directory = run_dir / STORE_DIR

    def _path(self, op: str) -> Path:
        return self.directory / op_file_name(op)

    def put(self, op: str, result: EvaluationResult) -> None:
        """Keep `result` for `op` (not one with an infrastructure error)."""
        evaluation, record = result
        if evaluation.infra_error:
            return
        path = self._path(op)
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(path.name + ".partial")
        # The evaluation as the journal writes it; the record as the trace writer does
        # (orjson, `default=str`: an object JSON does not know becomes its text).
        data = {"op": op, "evaluation": evaluation.model_dump(mode="json"), "record": record}
        partial.write_bytes(orjson.dumps(data, default=str, option=orjson.OPT_NON_STR_KEYS))
        os.replace(partial, path)

    def get(self, op: str) -> EvaluationResult | None:
        """The stored result of `op`; None when there is none or it does not parse."""
        path = self._path(op)
        try:
            stored = StoredResult.model_validate_json(path.read_bytes())
        except (OSError, ValidationError):
            return None
        if stored.op != op:
            return None
        return stored.evaluation, stored.record

    def keep_only(self, ops: Collection[str]) -> None:
        """Delete every stored result but those of `ops`."""
        if not self.directory.is_dir():
            return
        wanted = {self._path(op).name for op in ops}
        for path in self.directory.iterdir():
            if path.name not in wanted:
                path.unlink(missing_ok=True)

    def clear(self) -> None:
        """Delete the store (the search has finished: nothing will be asked for again)."""
        shutil.rmtree(self.directory, ignore_errors=True)
