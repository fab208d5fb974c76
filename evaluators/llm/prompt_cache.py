"""Provider prompt caching: which requests carry cache breakpoints, and what usage says
was cached.

- An Anthropic model (`anthropic/...`, hosted or at an `api_base` speaking its API) is sent
  `cache_control` breakpoints, through litellm's `cache_control_injection_points`: on the
  tools (when the request has some) and on the system prompt, which are the same for every
  turn of a task and every task of a strategy, and on the newest message, so that each
  turn reads the prefix the turn before it wrote. Three marks, within the provider's four.
- Every other request is sent as it is: OpenAI caches a repeated prefix of 1,024 tokens or
  more by itself (a conversation only grows, so each turn's prompt starts with the last
  one's), and a local endpoint (llama.cpp) reuses its own prefix.
- `[llm] prompt_cache = false` marks nothing: the same requests, billed without caching.
- The marks exist on the wire only: a request's key (the reply cache, replay) never holds
  them, so a run replays its replies with caching on or off.
- `reported_usage` reads a reply's usage in litellm's shape: `input_tokens` is every input
  token the provider counted, cached or not (what the caps count, Table 12); the cached
  part of it is split into `cache_read_input_tokens` and `cache_write_input_tokens`, as the
  provider reported them (Anthropic's cache reads and writes, OpenAI's `cached_tokens`).
"""

from __future__ import annotations

from typing import Any

from evaluators.llm.meter import LlmUsage
from evaluators.llm.settings import LlmSettings

CACHING_PROVIDERS = ("anthropic",)  # providers that cache only where a request marks it


def marks_breakpoints(settings: LlmSettings) -> bool:
    """Whether requests under `settings` carry cache breakpoints."""
    return settings.prompt_cache and settings.provider in CACHING_PROVIDERS


def cache_points(
    settings: LlmSettings, *, tools: bool, newest: int = -1
) -> list[dict[str, Any]] | None:
    """litellm's `cache_control_injection_points` for one request, or None (no marks).
    `newest` is the index of the newest message the next request will repeat: -2 when the
    request ends with a runtime note (the remaining budget), which the next request
    replaces, so a breakpoint on it would write a prefix no later request reads."""
    if not marks_breakpoints(settings):
        return None
    points: list[dict[str, Any]] = [{"location": "tool_config"}] if tools else []
    points += [
        {"location": "message", "role": "system"},
        {"location": "message", "index": newest},
    ]
    return points


def _field(source: Any, name: str) -> int:
    value = source.get(name) if isinstance(source, dict) else getattr(source, name, None)
    return int(value) if isinstance(value, (int, float)) else 0


def reported_usage(usage: Any) -> LlmUsage | None:
    """A litellm reply's usage (`prompt_tokens`, `completion_tokens`, `prompt_tokens_details`)
    or a dspy typed response's (`input_tokens`, `cache_read_tokens`, `cache_write_tokens`);
    None when no input tokens were reported (litellm turns a missing field into zeros)."""
    if usage is None:
        return None
    prompt = _field(usage, "prompt_tokens") or _field(usage, "input_tokens")
    if not prompt:
        return None
    output = _field(usage, "completion_tokens") or _field(usage, "output_tokens")
    details = usage.get("prompt_tokens_details") if isinstance(usage, dict) else None
    details = details or getattr(usage, "prompt_tokens_details", None)
    read = _field(usage, "cache_read_tokens") or _field(details, "cached_tokens")
    write = (
        _field(usage, "cache_write_tokens")
        or _field(details, "cache_write_tokens")
        or _field(details, "cache_creation_tokens")
        or _field(usage, "cache_creation_input_tokens")
    )
    read, write = min(read, prompt), min(write, max(prompt - read, 0))
    return LlmUsage(
        input_tokens=prompt,
        output_tokens=output,
        cache_read_input_tokens=read,
        cache_write_input_tokens=write,
    )
