"""An evaluation as the fold keeps it: its outcome and what its trace cost, not the trace.

- `EvaluationOutcome`: the evaluation without its trace, but for the trace's `usage` and its
  `calls` phase total (the harness's calls); `OutcomeEvent`, a journal line read that way;
- `model_usage`, `harness_calls`: what an evaluation used, with or without its trace;
- `trace_calls`: the total of a trace's `calls` phase.
"""

from __future__ import annotations

from typing import Annotated, Any, Union

from pydantic import AliasPath, BeforeValidator, ConfigDict, Field, model_validator

from rsi.journal.events import _NON_EVALUATION_EVENTS, Evaluation, Event


def _mapping_or_empty(value: object) -> object:
    """A free-form trace's `usage`, where it is no mapping, reads as none."""
    return value if isinstance(value, dict) else {}


_FIELDS_SETS: list[set[str]] = []  # one set per distinct fields set (a handful)


class EvaluationOutcome(Evaluation):
    """An evaluation as the fold keeps it: the outcome, without the trace.

    Parsed straight from a journal line, the `trace` object is skipped (no key reads as
    `trace`, and unknown keys are ignored) but for its `usage`, so a long journal folds
    without building every trace; `SearchState.trace(op)` reads one back from the journal
    when it is asked for.
    """

    model_config = ConfigDict(frozen=True, extra="ignore")
    trace: dict[str, Any] = Field(default_factory=dict, validation_alias="__trace_not_read__")
    # The trace's `usage` (model calls and tokens): what it cost is read without the trace.
    # Never dumped, so an outcome serialises as before.
    usage: Annotated[dict[str, Any], BeforeValidator(_mapping_or_empty)] = Field(
        default_factory=dict, exclude=True, validation_alias=AliasPath("trace", "usage")
    )
    # The total of the trace's `calls` phase (`harness_calls`), kept the same way (the
    # journal's reader sets it: `rsi.journal.store`); None when no agent pair ran.
    calls: dict[str, Any] | None = Field(default=None, exclude=True)

    @model_validator(mode="after")
    def _share_fields_set(self) -> EvaluationOutcome:
        # A long journal folds tens of thousands of outcomes that set the same fields: they
        # share one set of their names (728 bytes each otherwise, a quarter of an outcome;
        # a frozen model never changes it, and pydantic copies it before an update).
        names = self.__pydantic_fields_set__
        shared = next((known for known in _FIELDS_SETS if known == names), None)
        if shared is None:
            _FIELDS_SETS.append(shared := names)
        object.__setattr__(self, "__pydantic_fields_set__", shared)
        return self

    @classmethod
    def of(cls, evaluation: Evaluation) -> EvaluationOutcome:
        """`evaluation` without its trace (no validation: it was validated already)."""
        if isinstance(evaluation, EvaluationOutcome):
            return evaluation
        fields = {
            name: getattr(evaluation, name)
            for name in cls.model_fields
            if name not in ("trace", "usage", "calls")
        }
        calls = trace_calls(evaluation.trace) or None
        return cls.model_construct(**fields, usage=model_usage(evaluation), calls=calls)


def model_usage(evaluation: Evaluation) -> dict[str, Any]:
    """The runner's model usage of an evaluation (calls, input_tokens, output_tokens, ...),
    with or without its trace; empty when the runner called no model."""
    if isinstance(evaluation, EvaluationOutcome):
        return evaluation.usage
    usage = evaluation.trace.get("usage")
    return usage if isinstance(usage, dict) else {}


def trace_calls(trace: dict[str, Any]) -> dict[str, Any]:
    """The total of a trace's `calls` phase (turns per kind, tool calls by tool: see
    evaluators/runners/testhelix/agent/spending.py); empty when no agent pair ran."""
    phases = trace.get("phases")
    for phase in phases if isinstance(phases, list) else ():
        if isinstance(phase, dict) and phase.get("phase") == "calls":
            total = phase.get("total")
            return total if isinstance(total, dict) else {}
    return {}


def harness_calls(evaluation: Evaluation) -> dict[str, Any]:
    """Where an evaluation's harness calls went (its trace's `calls` total), with or
    without its trace; empty when no agent pair ran."""
    if isinstance(evaluation, EvaluationOutcome):
        return evaluation.calls or {}
    return trace_calls(evaluation.trace)


OutcomeData = Annotated[
    Union[(EvaluationOutcome, *_NON_EVALUATION_EVENTS)],
    Field(discriminator="type"),
]


class OutcomeEvent(Event):
    """A journal line read for the fold: evaluations come without their trace."""

    data: OutcomeData  # type: ignore[assignment]
