"""`LlmSettings`: which model to call and how, as the `[llm]` table of an experiment config.

- `model` is a litellm/dspy model string with its provider prefix: `anthropic/<name>`,
  `openai/<name>`, or `openai/<name>` plus `api_base` for any OpenAI-compatible server
  (vLLM, Ollama, the tests' local server). For OpenAI-compatible servers `api_base` ends
  in `/v1`; for an Anthropic-compatible one it is the host (`/v1/messages` is appended).
- `api_key_env` is the *name* of the environment variable that holds the key, never the
  key. Without it, a hosted provider uses its conventional variable (`ANTHROPIC_API_KEY`,
  `OPENAI_API_KEY`, ...); a server at `api_base` is called with a placeholder key, so no
  ambient key is ever sent to an address the config names.
- `price_per_mtok_in` / `price_per_mtok_out`: US dollars per million input / output tokens,
  for a model litellm's bundled price map lacks (or to override it); give both or neither.
  `price_per_mtok_cached_in` / `price_per_mtok_cache_write`: the rates of input tokens read
  from / written to the provider's prompt cache (evaluators/llm/pricing.py).
- `prompt_cache` (default true): mark Anthropic requests' cache breakpoints
  (evaluators/llm/prompt_cache.py); false sends every request unmarked (what it costs
  without caching). It never changes a request's key, so replies replay either way.
- `max_malformed_share` and `format_check_calls` set the reply-format check: a model that
  answers most of the first calls in prose instead of the reply format stops the search.
- `structured_output` ("auto", "json_schema", "json_object" or "prompt") says whether a
  typed request carries its reply's JSON schema (evaluators/llm/structured.py); "auto"
  lets the model check choose.
- `replay` names a recorded cassette (a file or a `llm_cache` directory): every call is
  answered from it alone, no key and no network; a call it lacks is a failure.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    field_validator,
    model_validator,
)

from search_space import UserInputError

_ENV_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_MODEL = re.compile(r"^[A-Za-z0-9_.-]+/\S+$")
# The conventional key variable of hosted providers, used when `api_key_env` is not set.
DEFAULT_KEY_ENV = {
    "anthropic": "ANTHROPIC_API_KEY",
    "openai": "OPENAI_API_KEY",
    "gemini": "GEMINI_API_KEY",
    "mistral": "MISTRAL_API_KEY",
    "groq": "GROQ_API_KEY",
    "together_ai": "TOGETHERAI_API_KEY",
    "openrouter": "OPENROUTER_API_KEY",
}
PLACEHOLDER_KEY = "no-key"  # sent to a keyless server at api_base (vLLM, Ollama); not a secret


class LlmSettings(BaseModel):
    """The `[llm]` table. Validates from a TOML-shaped dict; unknown keys are refused."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    model: str
    api_base: str | None = None
    api_key_env: str | None = None
    temperature: float = Field(default=0.0, ge=0.0, le=2.0)
    max_concurrent_calls: int = Field(default=2, ge=1, le=64)
    call_timeout_s: float = Field(default=120.0, gt=0)
    max_output_tokens: int = Field(default=8192, ge=1)
    transport_retries: int = Field(default=1, ge=0, le=5)
    # Consecutive infrastructure failures of model calls, across tasks, that stop a search
    # (evaluators.llm.health: unreachable, or slow when all timed out); `rsi resume`
    # continues once the model answers again.
    max_consecutive_failures: int = Field(default=5, ge=1)
    replay: Path | None = None
    price_per_mtok_in: float | None = Field(default=None, ge=0)
    price_per_mtok_out: float | None = Field(default=None, ge=0)
    price_per_mtok_cached_in: float | None = Field(default=None, ge=0)
    price_per_mtok_cache_write: float | None = Field(default=None, ge=0)
    prompt_cache: bool = True
    # The reply-format check (evaluators/llm/health.py): a search stops when at least
    # this share of its first `format_check_calls` generator calls did not parse.
    max_malformed_share: float = Field(default=0.9, gt=0.0, le=1.0)
    format_check_calls: int = Field(default=20, ge=1, le=10_000)
    # How a typed request asks for its reply (evaluators/llm/structured.py): "json_schema"
    # (hosted APIs), "json_object" with the schema (llama.cpp's server), "prompt" (no
    # response_format), or "auto" (the model check probes the endpoint once).
    structured_output: Literal["auto", "json_schema", "json_object", "prompt"] = "auto"

    @field_validator("model")
    @classmethod
    def _model_has_provider(cls, value: str) -> str:
        if not _MODEL.match(value):
            raise ValueError(
                "expected provider/name, e.g. anthropic/claude-opus-4-6 or openai/gpt-4o"
            )
        return value

    @field_validator("api_base")
    @classmethod
    def _api_base_is_url(cls, value: str | None) -> str | None:
        if value is not None and not re.match(r"^https?://[^\s/@]+(/\S*)?$", value):
            raise ValueError("expected an http:// or https:// URL without credentials")
        return value.rstrip("/") if value else value

    @field_validator("api_key_env")
    @classmethod
    def _names_a_variable(cls, value: str | None) -> str | None:
        # Never echo the value: a key pasted here by mistake must not reach a message.
        if value is not None and not _ENV_NAME.match(value):
            raise ValueError("expected the NAME of an environment variable (letters, digits, _)")
        return value

    @model_validator(mode="after")
    def _prices_come_in_pairs(self) -> LlmSettings:
        if (self.price_per_mtok_in is None) != (self.price_per_mtok_out is None):
            raise ValueError("give both price_per_mtok_in and price_per_mtok_out, or neither")
        return self

    @property
    def provider(self) -> str:
        return self.model.split("/", 1)[0]

    @property
    def key_env(self) -> str | None:
        """The variable read for the key: `api_key_env`, or the hosted provider's default."""
        if self.api_key_env is not None:
            return self.api_key_env
        return None if self.api_base else DEFAULT_KEY_ENV.get(self.provider)

    def missing_key(self) -> str | None:
        """Why no key can be read now (one line naming the variable), or None."""
        name = self.key_env
        if name is None or os.environ.get(name):
            return None
        where = "llm.api_key_env" if self.api_key_env else f"llm.model ({self.provider})"
        return f"{where}: environment variable {name} is not set"

    @classmethod
    def from_table(cls, table: Mapping[str, Any], *, source: str = "llm") -> LlmSettings:
        """Validate a TOML table; a bad value raises a one-line `UserInputError`
        (`llm.temperature: Input should be less than or equal to 2`)."""
        try:
            return cls.model_validate(dict(table))
        except ValidationError as error:
            raise UserInputError(settings_error(error, prefix=source)) from None


def settings_error(error: ValidationError, *, prefix: str = "llm") -> str:
    """`prefix.key: reason` for the first error; never the offending value."""
    first = error.errors()[0]
    key = ".".join(str(part) for part in first["loc"] if not isinstance(part, int))
    reason = "unknown key" if first["type"] == "extra_forbidden" else first["msg"]
    reason = reason.removeprefix("Value error, ")
    return f"{prefix}.{key}: {reason}" if key else f"{prefix}: {reason}"
