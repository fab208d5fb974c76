"""`preflight(settings)`: refuse, before anything is journaled, a model that cannot answer.

- Replaying: the cassette must exist; nothing else is checked (no key, no network).
- The key variable (`api_key_env`, or a hosted provider's default) must be set and
  non-empty: `llm.api_key_env: environment variable X is not set`.
- Then one minimal request (one user word, `max_tokens` 1, temperature 0) goes through the
  same client path the search uses (dspy's LM on litellm, `[llm] api_base` included), for
  hosted and local models alike, and the reply must parse as that provider's answer. A DNS
  failure, a refused or timed-out connection, an authentication error, or a server that
  does not speak the provider's API (an HTML page, a 501) is refused in one line naming
  the model and the cause. It costs one tiny paid call (and, under `[llm]
  structured_output = "auto"`, up to two more that choose how typed requests carry their
  reply's schema: structured.py); `check=False` (the CLI's `--skip-model-check`) skips
  the requests for users who must not spend even that.
- A process checks each (model, api_base, key variable) once: the runner and the
  proposer of one search share the answer.
- A local endpoint (`api_base` set) gets its first call's latency printed on stderr, with
  a warning when it is at least half `[llm] call_timeout_s` (a one-token reply that slow
  means full replies will time out: the search would stop as `slow`).
Every error is a one-line `UserInputError` (exit 2), and never holds the key.
"""

from __future__ import annotations

import contextlib
import logging
import sys
import threading
import time
from collections.abc import Iterator

from evaluators.llm.redact import redact
from evaluators.llm.settings import LlmSettings
from evaluators.llm.structured import probe, remember
from evaluators.llm.transport import LmFactory, api_key, litellm_lm, wire_request
from search_space import UserInputError

PREFLIGHT_TIMEOUT_S = 20.0
# A first call taking this share of `call_timeout_s` is warned about.
SLOW_SHARE = 0.5
_checked: set[tuple[str, str | None, str | None]] = set()
_checked_lock = threading.Lock()


def preflight(
    settings: LlmSettings,
    *,
    check: bool = True,
    timeout_s: float = PREFLIGHT_TIMEOUT_S,
    lm_factory: LmFactory = litellm_lm,
) -> None:
    """Raise `UserInputError` if a call under `settings` is bound to fail; else return."""
    if settings.replay is not None:
        if not settings.replay.exists():
            raise UserInputError(f"llm.replay: cassette {settings.replay} does not exist")
        return
    missing = settings.missing_key()
    if missing is not None:
        raise UserInputError(missing)
    identity = (settings.model, settings.api_base, settings.key_env)
    with _checked_lock:
        if not check or identity in _checked:
            return
    started = time.monotonic()
    with _truncation_expected():
        _ask_once(settings, timeout_s, lm_factory)
        report_first_call(settings, time.monotonic() - started)
        _choose_structured_output(settings, timeout_s, lm_factory)
    with _checked_lock:
        _checked.add(identity)


def _ask_once(settings: LlmSettings, timeout_s: float, lm_factory: LmFactory) -> None:
    import dspy
    from dspy.utils.exceptions import LMAuthError, LMError, LMTimeoutError

    secret = api_key(settings)
    lm = lm_factory(settings, secret, timeout_s)
    messages = [{"role": "user", "content": "Reply with one word."}]
    request = wire_request(settings, lm.model, messages, 1, temperature=0.0)
    where = f" at {settings.api_base}" if settings.api_base else ""
    try:
        with dspy.context(disable_history=True):
            lm(request)
    except LMError as error:
        if isinstance(error, LMAuthError):
            cause = "the provider refused the key"
        elif isinstance(error, LMTimeoutError):
            cause = f"no answer within {timeout_s:g} s"
        else:
            cause = "no answer in the provider's API"
        detail = redact(" ".join(str(error).split()), secret)[:240]
        raise UserInputError(
            f"llm.model: {settings.model}{where} cannot be used: {cause} ({detail}); "
            "fix [llm], or pass --skip-model-check to start without this check"
        ) from None


def report_first_call(settings: LlmSettings, seconds: float) -> None:
    """Print a local endpoint's first-call latency on stderr, warning when it is close to
    `[llm] call_timeout_s`; hosted providers are not reported."""
    if not settings.api_base:
        return
    line = (
        f"model check: {settings.model} at {settings.api_base} answered its first call in "
        f"{seconds:.1f} s ([llm] call_timeout_s = {settings.call_timeout_s:g} s)"
    )
    if seconds >= SLOW_SHARE * settings.call_timeout_s:
        line = (
            f"warning: {line}: that is close to the timeout for a one-token reply, and "
            "longer replies will likely time out; raise call_timeout_s or use a faster "
            "model or server"
        )
    print(line, file=sys.stderr)


def _choose_structured_output(
    settings: LlmSettings, timeout_s: float, lm_factory: LmFactory
) -> None:
    """Under `structured_output = "auto"`, probe the endpoint once and keep its mode
    (evaluators/llm/structured.py); a probe that fails only means "prompt"."""
    if settings.structured_output != "auto":
        return
    lm = lm_factory(settings, api_key(settings), timeout_s)
    remember(settings, probe(settings, lm))


class _DropTruncation(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return not record.getMessage().startswith("LM response was truncated")


@contextlib.contextmanager
def _truncation_expected() -> Iterator[None]:
    """The check asks for one token (the probes for a few): dspy's warning that a reply was
    truncated ("increase max_tokens") is expected there, and dropped while it runs."""
    logger = logging.getLogger("dspy.clients.lm")
    drop = _DropTruncation()
    logger.addFilter(drop)
    try:
        yield
    finally:
        logger.removeFilter(drop)
