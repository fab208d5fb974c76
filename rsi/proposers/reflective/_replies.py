"""What the sessions' final tools take, as pydantic models the host parses arguments into.

The models are deliberately loose where the host checks more precisely (a field name is a
string, an edit a JSON object): an answer that names a frozen field or an edit that breaks
a rule is then a refusal with its own reason, which the session reads and can correct.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

MAX_EVIDENCE = 25


class _ToolArguments(BaseModel):
    model_config = ConfigDict(frozen=True, extra="ignore")


class Selection(_ToolArguments):
    """Session 0's `choose_parent`: a kept candidate, the field to change first, and why."""

    parent_id: str = Field(max_length=64)
    field: str = Field(max_length=64, description="one field name exactly as in space.json")
    reason: str = Field(max_length=1200, description="why, citing the DAG")


class Revision(_ToolArguments):
    """The diagnosis session's `propose_edit`."""

    edit: dict[str, Any] = Field(description="one edit of one field, in the edit format")
    rationale: str = Field(max_length=1500, description="the diagnosis behind the edit")
    evidence: list[str] = Field(
        default_factory=list,
        max_length=MAX_EVIDENCE,
        description="identifiers of the minibatch tasks whose traces support the edit",
    )


class InsightReply(_ToolArguments):
    """The reflection session's `record_insight`."""

    text: str = Field(max_length=400, description="reusable advice, no task identifiers")
    evidence: list[str] = Field(default_factory=list, max_length=MAX_EVIDENCE)
