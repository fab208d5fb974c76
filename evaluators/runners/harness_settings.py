"""`[runner.testhelix]` settings, apart from the harness: reading a config must not import
the LLM stack (dspy) that only a TestHelix run needs."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class HarnessSettings(BaseModel):
    """`[runner.testhelix]`: the configuration of paper Appendix D.4 and execution repeats."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    configuration: Literal["single", "random-submission", "peer-cross-validation"] = (
        "peer-cross-validation"
    )
    execution_repeats: int = Field(default=2, ge=1, le=3)
    seed: int = 42
    # "structured": each step is one typed call returning whole files (pytest suites);
    # "agent": each pair is a coding agent with tools (agent/), suites in any language.
    pairs: Literal["structured", "agent"] = "structured"
