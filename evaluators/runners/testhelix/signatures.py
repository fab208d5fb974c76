"""Typed model outputs of the harness: dspy signatures with pydantic output fields.

Every reply is parsed into these models before the harness uses it; the LLM layer retries
a reply that does not parse once, then records a typed failure. File paths a model returns
are checked here (relative, no `..`), so nothing it writes can leave its own directory.
"""

from __future__ import annotations

from pathlib import PurePosixPath

import dspy
from pydantic import BaseModel, ConfigDict, Field, field_validator

MAX_FILE_CHARS = 60_000
MAX_FILES = 12


class _Reply(BaseModel):
    model_config = ConfigDict(frozen=True, extra="ignore")


class SourceFile(_Reply):
    """One whole file, at a path relative to the suite's or the program's root."""

    path: str = Field(description="relative POSIX path, e.g. test_parse.py or pkg/mod.py")
    content: str = Field(max_length=MAX_FILE_CHARS)

    @field_validator("path")
    @classmethod
    def _relative(cls, value: str) -> str:
        path = PurePosixPath(value.strip())
        if not value.strip() or path.is_absolute() or ".." in path.parts or "\\" in value:
            raise ValueError(f"path {value!r} must be relative and stay inside its folder")
        if path.name in ("run.sh", "conftest.py") or path.parts[0].startswith("."):
            raise ValueError(f"path {value!r} is reserved by the harness")
        return str(path)


class Direction(_Reply):
    name: str = Field(max_length=80)
    focus: str = Field(max_length=800, description="behaviours, inputs and failure modes")


class DirectionPlan(_Reply):
    directions: list[Direction] = Field(min_length=1, max_length=5)


class PairDraft(_Reply):
    """A test-and-repair pair: the suite's test files and the repaired program files."""

    tests: list[SourceFile] = Field(min_length=1, max_length=MAX_FILES)
    repair: list[SourceFile] = Field(default_factory=list, max_length=MAX_FILES)
    notes: str = Field(default="", max_length=2_000)

    @field_validator("tests")
    @classmethod
    def _test_files(cls, files: list[SourceFile]) -> list[SourceFile]:
        for file in files:
            if not PurePosixPath(file.path).name.startswith("test_"):
                raise ValueError(f"test file {file.path!r} must be named test_*.py")
        return files


class Finding(_Reply):
    test: str = Field(max_length=200, description="the test function the finding is about")
    blocking: bool
    evidence: str = Field(
        default="", max_length=1_000, description="verbatim quote of the public requirement"
    )
    problem: str = Field(max_length=1_000)


class Review(_Reply):
    """A review's structured response (paper C.2): findings, covered requirements and the
    execution checks the reviewer relied on (what it ran, or which symptom it read)."""

    findings: list[Finding] = Field(default_factory=list, max_length=30)
    covered: list[str] = Field(default_factory=list, max_length=40)
    checks: list[str] = Field(default_factory=list, max_length=20)


class ChallengeTests(_Reply):
    tests: list[SourceFile] = Field(default_factory=list, max_length=4)
    rationale: str = Field(default="", max_length=1_000)


class PlanDirections(dspy.Signature):
    """Plan distinct test-authoring directions that together cover the requirement."""

    brief: str = dspy.InputField(desc="the fixed instructions of this phase")
    requirement: str = dspy.InputField()
    program: str = dspy.InputField(desc="public source of the initial program")
    strategy: str = dspy.InputField(desc="reusable guidance and lessons, may be empty")
    plan: DirectionPlan = dspy.OutputField()


class WritePair(dspy.Signature):
    """Write a pytest suite and a repair of the initial program that the suite accepts."""

    brief: str = dspy.InputField(desc="the fixed instructions of this phase")
    requirement: str = dspy.InputField()
    program: str = dspy.InputField(desc="public source of the initial program")
    strategy: str = dspy.InputField(desc="guidance, lessons and skill text, may be empty")
    previous: str = dspy.InputField(desc="the current pair and execution output, or empty")
    pair: PairDraft = dspy.OutputField()


class ReviewSuite(dspy.Signature):
    """Review a suite against the requirement; blocking findings quote public evidence."""

    brief: str = dspy.InputField(desc="the fixed instructions of this phase")
    requirement: str = dspy.InputField()
    program: str = dspy.InputField(desc="public source of the initial program")
    tests: str = dspy.InputField()
    symptoms: str = dspy.InputField(desc="bounded execution symptoms")
    review: Review = dspy.OutputField()


class ChallengeRepairs(dspy.Signature):
    """Write tests on which the requirement separates two repairs, or none."""

    brief: str = dspy.InputField(desc="the fixed instructions of this phase")
    requirement: str = dspy.InputField()
    program: str = dspy.InputField(desc="public source of the initial program")
    repairs: str = dspy.InputField(desc="the two repairs, file by file")
    suite: str = dspy.InputField(desc="the approved suite the tests will join")
    challenge: ChallengeTests = dspy.OutputField()
