"""Paired outcome files for `rsi gate --outcomes FILE`: CSV or JSON, strictly checked.

Any problem raises `UserInputError` naming the file and the line or entry; nothing is guessed.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from pydantic import BaseModel, ConfigDict, model_validator

from search_space import UserInputError

COLUMNS: tuple[str, str, str] = ("task_id", "baseline", "challenger")
TRUE_TOKENS = frozenset({"1", "true", "pass"})
FALSE_TOKENS = frozenset({"0", "false", "fail"})


class PairedOutcomes(BaseModel):
    """Per-task outcomes of both strategies, in file order; task ids are unique."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    task_ids: tuple[str, ...]
    baseline: tuple[bool, ...]
    challenger: tuple[bool, ...]

    @model_validator(mode="after")
    def _check_pairing(self) -> PairedOutcomes:
        if not self.task_ids:
            raise ValueError("no outcomes")
        if not len(self.task_ids) == len(self.baseline) == len(self.challenger):
            raise ValueError("task_ids, baseline and challenger differ in length")
        if len(set(self.task_ids)) != len(self.task_ids):
            raise ValueError("task ids are not unique")
        return self

    @property
    def n(self) -> int:
        return len(self.task_ids)


def parse_outcome(value: object) -> bool | None:
    """True/False for 1/0, true/false, pass/fail (any case, JSON booleans too); else None."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return {0: False, 1: True}.get(value)
    if isinstance(value, str):
        token = value.strip().lower()
        if token in TRUE_TOKENS:
            return True
        if token in FALSE_TOKENS:
            return False
    return None


class _Collector:
    """Accumulates rows, rejecting missing/duplicate ids and non-binary values by position."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.first_seen: dict[str, str] = {}
        self.baseline: list[bool] = []
        self.challenger: list[bool] = []

    def error(self, where: str, message: str) -> UserInputError:
        return UserInputError(f"{where}: {message}", source=self.source)

    def add(self, where: str, task_id: object, baseline: object, challenger: object) -> None:
        if isinstance(task_id, bool) or not isinstance(task_id, (str, int)):
            raise self.error(where, "task_id must be a string")
        tid = str(task_id).strip()
        if not tid:
            raise self.error(where, "task_id is missing")
        if tid in self.first_seen:
            raise self.error(where, f"duplicate task_id {tid!r} (first at {self.first_seen[tid]})")
        self.first_seen[tid] = where
        for column, raw, into in (
            ("baseline", baseline, self.baseline),
            ("challenger", challenger, self.challenger),
        ):
            value = parse_outcome(raw)
            if value is None:
                raise self.error(
                    where,
                    f"{column} value {json.dumps(raw)} is not binary "
                    "(use 0/1, true/false or pass/fail)",
                )
            into.append(value)

    def result(self) -> PairedOutcomes:
        if not self.first_seen:
            raise UserInputError("no outcome rows", source=self.source)
        return PairedOutcomes(
            task_ids=tuple(self.first_seen),
            baseline=tuple(self.baseline),
            challenger=tuple(self.challenger),
        )


def _parse_csv(text: str, collector: _Collector) -> None:
    reader = csv.reader(io.StringIO(text, newline=""))
    header = [name.strip().lower() for name in next(reader)]
    for column in COLUMNS:
        if column not in header:
            raise collector.error("header", f"missing column {column!r} (need {','.join(COLUMNS)})")
    if len(set(header)) != len(header):
        raise collector.error("header", "repeated column name")
    positions = [header.index(column) for column in COLUMNS]
    for row in reader:
        where = f"line {reader.line_num}"
        if not row:
            continue  # blank line
        if len(row) != len(header):
            raise collector.error(where, f"{len(row)} fields, expected {len(header)}")
        collector.add(where, *(row[i] for i in positions))


def _parse_json(text: str, collector: _Collector) -> None:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise collector.error(
            f"line {error.lineno} column {error.colno}", f"malformed JSON: {error.msg}"
        ) from None
    prefix = ""
    if isinstance(data, dict) and "outcomes" in data:
        data, prefix = data["outcomes"], "outcomes"
    if not isinstance(data, list):
        raise collector.error(
            "top level", 'expected a list of outcome objects or {"outcomes": [...]}'
        )
    for index, item in enumerate(data):
        where = f"{prefix}[{index}]"
        if not isinstance(item, dict):
            raise collector.error(where, "expected an object with task_id, baseline, challenger")
        for key in COLUMNS:
            if key not in item:
                raise collector.error(where, f"missing key {key!r}")
        collector.add(where, item["task_id"], item["baseline"], item["challenger"])


def load_paired_outcomes(path: Path | str) -> PairedOutcomes:
    """Read paired outcomes from CSV or JSON (chosen by suffix, else by the first character).

    CSV: a header naming task_id, baseline and challenger (any order, other columns ignored).
    JSON: a list of objects with those keys, or {"outcomes": [...]}. Values: 0/1, true/false,
    pass/fail. Any problem raises `UserInputError` naming the file and the line or entry.
    """
    path = Path(path)
    source = str(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except OSError as error:
        raise UserInputError(error.strerror or "cannot read file", source=source) from None
    except UnicodeDecodeError:
        raise UserInputError("file is not UTF-8 text", source=source) from None
    if not text.strip():
        raise UserInputError("file is empty", source=source)
    collector = _Collector(source)
    suffix = path.suffix.lower()
    is_json = suffix == ".json" or (suffix != ".csv" and text.lstrip()[0] in "[{")
    if is_json:
        _parse_json(text, collector)
    else:
        try:
            _parse_csv(text, collector)
        except csv.Error as error:
            raise UserInputError(f"malformed CSV: {error}", source=source) from None
    return collector.result()
