"""The three sessions' typed outputs: dspy signatures with pydantic output fields.

The outputs are deliberately loose where the host checks more precisely (a field name is a
string, an edit a JSON object): a reply that names a frozen field or an edit that breaks a
rule is then a typed rejection with its own reason, not a parse failure.
"""

from __future__ import annotations

from typing import Any, Literal

import dspy
from pydantic import BaseModel, ConfigDict, Field

MAX_EVIDENCE = 25

Direction = Literal["raise", "lower", "rewrite", "add", "replace", "remove"]


class _SessionReply(BaseModel):
    model_config = ConfigDict(frozen=True, extra="ignore")


class Selection(_SessionReply):
    field: str = Field(max_length=64, description="one field name exactly as listed")
    direction: Direction
    focus: str = Field(max_length=800, description="what to change, in a sentence or two")
    reason: str = Field(max_length=1200, description="why, citing what the traces show")


class Revision(_SessionReply):
    edit: dict[str, Any] = Field(description="one edit of the chosen field, in the edit format")
    rationale: str = Field(max_length=1500, description="the diagnosis behind the edit")
    evidence: list[str] = Field(
        default_factory=list,
        max_length=MAX_EVIDENCE,
        description="identifiers of the batch tasks whose traces support the edit",
    )


class InsightReply(_SessionReply):
    text: str = Field(max_length=400, description="reusable advice, no task identifiers")
    evidence: list[str] = Field(default_factory=list, max_length=MAX_EVIDENCE)


class Notebook(_SessionReply):
    insights: list[InsightReply] = Field(default_factory=list, max_length=3)


class SelectField(dspy.Signature):
    """Choose the one strategy field to change next, and the direction."""

    brief: str = dspy.InputField(desc="the fixed instructions of this session")
    choices: str = dspy.InputField(desc="the fields you may choose, with their current values")
    strategy: str = dspy.InputField(desc="the parent strategy's mutable fields")
    batch: str = dspy.InputField(desc="the parent's run on each batch task: requirement, trace")
    history: str = dspy.InputField(desc="every earlier attempt of this search and its fate")
    insights: str = dspy.InputField(desc="insights recorded so far, may be empty")
    ranking: str = dspy.InputField(desc="development success rates of kept strategies")
    selection: Selection = dspy.OutputField()


class ReviseField(dspy.Signature):
    """Diagnose the failing tasks and write one edit of the chosen field."""

    brief: str = dspy.InputField(desc="the fixed instructions of this session")
    target: str = dspy.InputField(desc="the chosen field, direction and focus")
    edit_format: str = dspy.InputField(desc="the JSON shape of an edit of this field")
    strategy: str = dspy.InputField(desc="the parent strategy's mutable fields")
    batch: str = dspy.InputField(desc="the parent's run on each batch task: requirement, trace")
    history: str = dspy.InputField(desc="every earlier attempt of this search and its fate")
    insights: str = dspy.InputField(desc="insights recorded so far, may be empty")
    revision: Revision = dspy.OutputField()


class ReflectOnScreen(dspy.Signature):
    """Record reusable insights from a screened edit."""

    brief: str = dspy.InputField(desc="the fixed instructions of this session")
    proposal: str = dspy.InputField(desc="the edit, its field and its rationale")
    verdict: str = dspy.InputField(desc="the screen's verdict on the batch")
    batch: str = dspy.InputField(desc="the parent's run on each batch task: requirement, trace")
    history: str = dspy.InputField(desc="every earlier attempt of this search and its fate")
    insights: str = dspy.InputField(desc="insights recorded so far, may be empty")
    notebook: Notebook = dspy.OutputField()
