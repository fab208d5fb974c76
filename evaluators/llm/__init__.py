"""The LLM layer: typed, metered, cached model calls through dspy (docs/design.md section 6).

    meter = UsageMeter(UsageCaps(calls=48, concurrent=settings.max_concurrent_calls), "task")
    client = LlmClient(settings, meter, ResponseCache(run_dir / "llm_cache"), namespace=op)
    result = client.ask(WriteTests, {"task": text, "source": code}, max_tokens=8192)
    if isinstance(result, LlmFailure):  # kind: malformed, transport, timeout, cap, ...
        ...
    suite = result.get("suite", Suite)  # the signature's pydantic-typed output field

`preflight(settings)` runs once before any paid work. Imports `search_space` only, never
`rsi`. dspy (and litellm) load on the first client
and the first call, so reading a config (`LlmSettings`) stays cheap. Importing this package sets
LITELLM_LOCAL_MODEL_COST_MAP, LITELLM_LOCAL_ANTHROPIC_BETA_HEADERS and
MLFLOW_DISABLE_TELEMETRY unless already set, so litellm never fetches its price map nor its
Anthropic beta-headers config from the network.
"""

from __future__ import annotations

import os

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("MLFLOW_DISABLE_TELEMETRY", "true")
# litellm fetches its Anthropic beta-headers config from the internet unless told to read
# the copy it ships (litellm/anthropic_beta_headers_manager.py).
os.environ.setdefault("LITELLM_LOCAL_ANTHROPIC_BETA_HEADERS", "True")

from evaluators.llm.cache import (  # after the environment defaults
    CachedReply,
    Cassette,
    MalformedReplies,
    ReplayMiss,
    ReplyStore,
    ResponseCache,
    request_key,
)
from evaluators.llm.client import LlmClient, output_schema
from evaluators.llm.health import HealthCause, HealthStop, ModelHealth
from evaluators.llm.meter import (
    CAP_NAMES,
    CallReservation,
    CapReached,
    Charge,
    LlmUsage,
    UsageCaps,
    UsageMeter,
)
from evaluators.llm.preflight import preflight
from evaluators.llm.pricing import (
    SCOPES,
    MoneyCaps,
    MoneyLedger,
    Price,
    ScopeCharge,
    litellm_price,
    price_of,
)
from evaluators.llm.prompt_cache import cache_points, marks_breakpoints, reported_usage
from evaluators.llm.prompts import PromptFiles
from evaluators.llm.redact import redact
from evaluators.llm.replies import FailureKind, LlmFailure, LlmReply
from evaluators.llm.settings import LlmSettings
from evaluators.llm.structured import structured_mode
from evaluators.llm.tool_arguments import ARGUMENT_CHARS, cut_tool_arguments
from evaluators.llm.tool_calls import RUNTIME_NOTE, ToolCall, ToolChat, ToolTurn
from evaluators.llm.tool_session import (
    Answered,
    SessionHooks,
    SessionRun,
    ToolAnswer,
    ToolSession,
    tool_spec,
)
from evaluators.llm.transport import LmFactory, MissingKey, litellm_lm

__all__ = [
    "ARGUMENT_CHARS",
    "CAP_NAMES",
    "RUNTIME_NOTE",
    "SCOPES",
    "Answered",
    "CachedReply",
    "CallReservation",
    "CapReached",
    "Cassette",
    "Charge",
    "FailureKind",
    "HealthCause",
    "HealthStop",
    "LlmClient",
    "LlmFailure",
    "LlmReply",
    "LlmSettings",
    "LlmUsage",
    "LmFactory",
    "MalformedReplies",
    "MissingKey",
    "ModelHealth",
    "MoneyCaps",
    "MoneyLedger",
    "Price",
    "PromptFiles",
    "ReplayMiss",
    "ReplyStore",
    "ResponseCache",
    "ScopeCharge",
    "SessionHooks",
    "SessionRun",
    "ToolAnswer",
    "ToolCall",
    "ToolChat",
    "ToolSession",
    "ToolTurn",
    "UsageCaps",
    "UsageMeter",
    "cache_points",
    "cut_tool_arguments",
    "litellm_lm",
    "litellm_price",
    "marks_breakpoints",
    "output_schema",
    "preflight",
    "price_of",
    "redact",
    "reported_usage",
    "request_key",
    "structured_mode",
    "tool_spec",
]
