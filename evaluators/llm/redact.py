"""Keys out of messages: every message this package produces passes through `redact`.

The key is read from the environment at call time and handed to dspy.LM; nothing keeps
it. Provider errors sometimes echo a key whole or in part (`sk-ab...wxyz`), so `redact`
removes the key and any fragment of it of `MIN_FRAGMENT` characters or more that starts
or ends it, then bounds the message to one line.
"""

from __future__ import annotations

MIN_FRAGMENT = 8
MASK = "[redacted]"
MAX_MESSAGE_CHARS = 600


def redact(message: str, secret: str | None) -> str:
    """`message` without `secret` or its leading/trailing fragments, on one short line."""
    if secret and len(secret) >= 4:
        message = message.replace(secret, MASK)
        for size in range(len(secret) - 1, MIN_FRAGMENT - 1, -1):
            for fragment in (secret[:size], secret[-size:]):
                if fragment in message:
                    message = message.replace(fragment, MASK)
    line = " ".join(message.split())
    if len(line) > MAX_MESSAGE_CHARS:
        line = line[: MAX_MESSAGE_CHARS - 3] + "..."
    return line
