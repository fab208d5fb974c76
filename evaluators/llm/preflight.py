"""`preflight(settings)`: refuse, before any paid work, settings that cannot make a call.

- Replaying: the cassette must exist; nothing else is checked (no key, no network).
- The key variable (`api_key_env`, or a hosted provider's default) must be set and
  non-empty: `llm.api_key_env: environment variable X is not set`.
- With `api_base`: a GET of `{api_base}/models` (OpenAI-compatible servers list models
  there) must get an HTTP answer, of any status, within `timeout_s`; no key is sent.
  Otherwise `llm.api_base: cannot reach <api_base>: <reason>`.
- A hosted provider without `api_base` is not contacted (that would be a paid request).
Every error is a one-line `UserInputError` (exit 2), and never holds the key.
"""

from __future__ import annotations

from evaluators.llm.settings import LlmSettings
from search_space.errors import UserInputError

PREFLIGHT_TIMEOUT_S = 5.0


def preflight(settings: LlmSettings, *, timeout_s: float = PREFLIGHT_TIMEOUT_S) -> None:
    """Raise `UserInputError` if a call under `settings` is bound to fail; else return."""
    if settings.replay is not None:
        if not settings.replay.exists():
            raise UserInputError(f"llm.replay: cassette {settings.replay} does not exist")
        return
    missing = settings.missing_key()
    if missing is not None:
        raise UserInputError(missing)
    if settings.api_base:
        import httpx

        url = f"{settings.api_base}/models"
        try:
            with httpx.Client(timeout=timeout_s, follow_redirects=False) as client:
                client.get(url)
        except httpx.HTTPError as error:
            reason = str(error).splitlines()[0] if str(error) else type(error).__name__
            message = f"llm.api_base: cannot reach {settings.api_base}: {reason}"
            raise UserInputError(message) from None
