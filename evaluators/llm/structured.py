"""Structured output: send the reply's JSON schema so that a constrained server keeps it.

`[llm] structured_output` says how a typed request (`LlmClient.ask`) asks for its reply:
- "prompt": the reply format is described in the prompt only (dspy's `ChatAdapter`
  sections), no `response_format`: any server, and the only mode of older runs;
- "json_schema": the prompt asks for one JSON object (dspy's `JSONAdapter`) and the request
  carries `response_format={"type": "json_schema", "json_schema": {...}}` (hosted APIs);
- "json_object": the same prompt, with `{"type": "json_object", "schema": {...}}`, which
  llama.cpp's server turns into a grammar (it refuses `json_schema` with a 500);
- "auto": the model check (`preflight`) probes the endpoint once, json_schema first, then
  json_object, and keeps the first whose reply is the probe's JSON object; "prompt" when
  neither is (or when no check ran: `--skip-model-check`, a replayed run, a Dask worker).
  Set the mode explicitly to replay a run recorded with another one.
A process remembers the mode chosen per (model, api_base, key variable), as it remembers
the model check itself.
"""

from __future__ import annotations

import json
import threading
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    import dspy

    from evaluators.llm.settings import LlmSettings

StructuredOutput = Literal["auto", "json_schema", "json_object", "prompt"]
PROBE_PROMPT = 'Reply with the JSON object {"ok": true} and nothing else.'
PROBE_SCHEMA = {
    "type": "object",
    "properties": {"ok": {"type": "boolean"}},
    "required": ["ok"],
    "additionalProperties": False,
}
PROBE_MAX_TOKENS = 16
_chosen: dict[tuple[str, str | None, str | None], str] = {}
_chosen_lock = threading.Lock()


def _identity(settings: LlmSettings) -> tuple[str, str | None, str | None]:
    return (settings.model, settings.api_base, settings.key_env)


def structured_mode(settings: LlmSettings) -> str:
    """The mode a client uses: the configured one, or the one the model check chose."""
    if settings.structured_output != "auto":
        return settings.structured_output
    with _chosen_lock:
        return _chosen.get(_identity(settings), "prompt")


def remember(settings: LlmSettings, mode: str) -> None:
    with _chosen_lock:
        _chosen[_identity(settings)] = mode


def reply_schema(signature: type[dspy.Signature]) -> dict[str, Any]:
    """One JSON object holding every output field of `signature`, each as annotated."""
    import pydantic

    fields: dict[str, Any] = {
        name: (field.annotation, ...) for name, field in signature.output_fields.items()
    }
    model = pydantic.create_model("Reply", __config__=pydantic.ConfigDict(extra="forbid"), **fields)
    return model.model_json_schema()


def response_format(mode: str, schema: dict[str, Any]) -> dict[str, Any] | None:
    """The request's `response_format` under `mode` (None: "prompt")."""
    if mode == "json_schema":
        return {"type": "json_schema", "json_schema": {"name": "reply", "schema": schema}}
    if mode == "json_object":
        return {"type": "json_object", "schema": without_length_bounds(schema)}
    return None


# llama.cpp compiles a json_object schema into a grammar that unrolls a string's length
# bound into that many nested rules: a 4,000-character `maxLength` made llama-cpp-python's
# server fail to parse the grammar and die (SmolLM2, the real-model lane). The bound stays
# enforced where it always was: the reply's fields are validated after parsing. Minimum
# sizes and item counts are small and kept: without `minItems` a small model answers with
# empty lists, which parse and then fail validation.
LENGTH_BOUNDS = frozenset({"maxLength"})


def without_length_bounds(schema: Any) -> Any:
    """`schema` with every string length bound (`maxLength`) removed, at any depth."""
    if isinstance(schema, dict):
        return {k: without_length_bounds(v) for k, v in schema.items() if k not in LENGTH_BOUNDS}
    if isinstance(schema, list):
        return [without_length_bounds(item) for item in schema]
    return schema


def probe(settings: LlmSettings, lm: dspy.BaseLM) -> str:
    """Choose the mode for "auto": up to two tiny requests (see the module docstring)."""
    import dspy
    from dspy.lm15 import TextPart
    from dspy.utils.exceptions import LMError

    from evaluators.llm.transport import wire_request

    messages = [{"role": "user", "content": PROBE_PROMPT}]
    for mode in ("json_schema", "json_object"):
        request = wire_request(
            settings,
            lm.model,
            messages,
            PROBE_MAX_TOKENS,
            temperature=0.0,
            response_format=response_format(mode, PROBE_SCHEMA),
        )
        try:
            with dspy.context(disable_history=True):
                response = lm(request)
        except LMError:
            continue  # refused (llama.cpp answers json_schema with a 500): try the next
        text = "".join(p.text for p in response.message.parts if isinstance(p, TextPart))
        if _is_probe_reply(text):
            return mode
    return "prompt"


def _is_probe_reply(text: str) -> bool:
    try:
        value = json.loads(text)
    except ValueError:
        return False
    return isinstance(value, dict) and isinstance(value.get("ok"), bool)
