"""The providers' prompt-cache accounting, for the local test server (tests/support/llm_server.py).

Set `server.prompt_cache = PromptCacheEmulation()` and the server reports cached input as
the providers do:
- Anthropic (`/messages`): only a request that marks `cache_control` breakpoints (at most
  4, else a 400 as the API answers) caches. The prompt is its blocks in the provider's
  order (tools, system, messages' content blocks), each costing ceil(characters / 4)
  tokens. A breakpoint looks back over at most `LOOKBACK` block boundaries before it for
  the longest prefix some earlier request wrote (same blocks, same order, marks ignored)
  and still alive (`ttl_s`, refreshed by each read): those tokens are
  `cache_read_input_tokens`. Every breakpoint's prefix of at least `min_tokens` is then
  written; the tokens from the read up to the last written breakpoint are
  `cache_creation_input_tokens`. `input_tokens` is the rest (disjoint counters).
- OpenAI (`/chat/completions`): automatic. The longest prefix of the request's serialized
  prompt (tools, then messages) shared with an earlier request, in whole 128-token steps,
  is `prompt_tokens_details.cached_tokens` when it is at least `min_openai_tokens`
  (1,024); `prompt_tokens` counts every input token, cached or not.
`reads`, `writes` and `fresh` total what it reported; `clock` is injectable for the TTL.
"""

from __future__ import annotations

import hashlib
import json
import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

LOOKBACK = 20  # block boundaries a breakpoint checks for an earlier write (Anthropic's)
MAX_BREAKPOINTS = 4
OPENAI_STEP = 128


@dataclass(frozen=True)
class CacheCount:
    """One request's input tokens: fresh, read from the cache and written to it."""

    fresh: int
    read: int = 0
    write: int = 0

    @property
    def total(self) -> int:
        return self.fresh + self.read + self.write


class TooManyBreakpoints(ValueError):
    """More `cache_control` blocks than the provider takes (the server answers 400)."""


def _tokens(text: str) -> int:
    return math.ceil(len(text) / 4)


def _unmarked(block: Any) -> str:
    if isinstance(block, dict):
        block = {k: v for k, v in block.items() if k != "cache_control"}
    return json.dumps(block, sort_keys=True)


def anthropic_blocks(body: dict[str, Any]) -> list[tuple[str, bool]]:
    """(canonical text, marked) of each block of an Anthropic request, in prefix order."""
    blocks: list[tuple[str, bool]] = []
    for tool in body.get("tools") or []:
        blocks.append((_unmarked(tool), "cache_control" in tool))
    system = body.get("system")
    items = [{"type": "text", "text": system}] if isinstance(system, str) else system or []
    blocks += [(_unmarked(b), isinstance(b, dict) and "cache_control" in b) for b in items]
    for message in body.get("messages", []):
        content = message.get("content")
        if isinstance(content, str):
            content = [{"type": "text", "text": content}]
        for block in content or []:
            marked = isinstance(block, dict) and "cache_control" in block
            blocks.append((message.get("role", "") + _unmarked(block), marked))
    return blocks


class PromptCacheEmulation:
    """The caches of one server; see the module docstring. Thread-safe."""

    def __init__(
        self,
        *,
        ttl_s: float = 300.0,
        min_tokens: int = 1024,
        min_openai_tokens: int = 1024,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.ttl_s, self.min_tokens, self.min_openai_tokens = ttl_s, min_tokens, min_openai_tokens
        self.clock = clock
        self._written: dict[str, float] = {}  # prefix digest -> expiry
        self._seen: list[str] = []  # OpenAI: earlier serialized prompts
        self._lock = threading.Lock()
        self.reads = self.writes = self.fresh = 0
        self.breakpoints: list[int] = []  # marks per Anthropic request, in order

    def count(self, path: str, body: dict[str, Any]) -> CacheCount:
        """Account one request (raises `TooManyBreakpoints` for Anthropic's limit)."""
        with self._lock:
            if path.endswith("/messages"):
                counted = self._anthropic(anthropic_blocks(body))
            else:
                counted = self._openai(body)
            self.reads += counted.read
            self.writes += counted.write
            self.fresh += counted.fresh
            return counted

    def _anthropic(self, blocks: list[tuple[str, bool]]) -> CacheCount:
        marks = [i for i, (_, marked) in enumerate(blocks) if marked]
        self.breakpoints.append(len(marks))
        if len(marks) > MAX_BREAKPOINTS:
            raise TooManyBreakpoints(f"A maximum of {MAX_BREAKPOINTS} blocks with cache_control")
        ends, digests, digest = [], [], hashlib.sha256()
        for text, _ in blocks:
            digest.update(text.encode() + b"\0")
            digests.append(digest.hexdigest())
            ends.append((ends[-1] if ends else 0) + _tokens(text))
        now = self.clock()
        read = 0
        for mark in marks:
            for i in range(mark, max(-1, mark - LOOKBACK - 1), -1):
                if self._written.get(digests[i], -1.0) > now and ends[i] > read:
                    read = ends[i]
                    self._written[digests[i]] = now + self.ttl_s
                    break
        written = 0
        for mark in marks:
            if ends[mark] >= self.min_tokens:
                self._written[digests[mark]] = now + self.ttl_s
                written = max(written, ends[mark])
        total = ends[-1] if ends else 0
        write = max(0, written - read)
        return CacheCount(fresh=total - read - write, read=read, write=write)

    def _openai(self, body: dict[str, Any]) -> CacheCount:
        prompt = json.dumps([body.get("tools") or [], body.get("messages", [])], sort_keys=True)
        shared = max((_common(prompt, earlier) for earlier in self._seen), default=0)
        self._seen.append(prompt)
        steps = (shared // 4) // OPENAI_STEP * OPENAI_STEP
        read = steps if steps >= self.min_openai_tokens else 0
        total = _tokens(prompt)
        return CacheCount(fresh=total - read, read=read)


def _common(a: str, b: str) -> int:
    """The length of the longest common prefix of `a` and `b`."""
    n = min(len(a), len(b))
    low, high = 0, n
    while low < high:  # binary search on prefix equality
        mid = (low + high + 1) // 2
        if a[:mid] == b[:mid]:
            low = mid
        else:
            high = mid - 1
    return low


def anthropic_usage(counted: CacheCount, output_tokens: int) -> dict[str, int]:
    return {
        "input_tokens": counted.fresh,
        "output_tokens": output_tokens,
        "cache_read_input_tokens": counted.read,
        "cache_creation_input_tokens": counted.write,
    }


def openai_usage(counted: CacheCount, output_tokens: int) -> dict[str, Any]:
    return {
        "prompt_tokens": counted.total,
        "completion_tokens": output_tokens,
        "total_tokens": counted.total + output_tokens,
        "prompt_tokens_details": {"cached_tokens": counted.read},
    }
