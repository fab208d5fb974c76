"""A typed dspy signature, its well-formed reply and settings for the local server: the
rig the LLM-client tests share (`tests/evaluators/llm/`)."""

from __future__ import annotations

from typing import Literal

import dspy
import pydantic

from evaluators.llm import LlmSettings
from tests.support.llm_server import LocalLlmServer

KEY_ENV = "RSI_TEST_LLM_KEY"
FAKE_KEY = "sk-FAKE-d0n0tl34k-7f3a9c1e5b2d8046"


class Verdict(pydantic.BaseModel):
    label: Literal["pass", "fail"]
    score: int


class Judge(dspy.Signature):
    """Judge whether the snippet is correct."""

    snippet: str = dspy.InputField()
    verdict: Verdict = dspy.OutputField()


GOOD = '[[ ## verdict ## ]]\n{"label": "pass", "score": 3}\n\n[[ ## completed ## ]]'


def settings_for(
    server: LocalLlmServer, provider: str = "openai", **changes: object
) -> LlmSettings:
    """Settings for the server's OpenAI-compatible or Anthropic-compatible path."""
    base = {"model": "openai/local-model", "api_base": server.openai_base, "api_key_env": KEY_ENV}
    if provider == "anthropic":
        base.update(model="anthropic/claude-test", api_base=server.base_url)
    return LlmSettings.model_validate({**base, **changes})
