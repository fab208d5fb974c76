"""What `LlmClient.ask` returns: a typed reply, or a typed failure (it never raises).

Failure kinds:
- `malformed`: the reply did not parse into the signature's outputs, twice (the second
  request showed the model its parse error);
- `transport`: 429, 5xx or a connection failure persisted through the transport retries,
  or no wall time was left to wait for the next one;
- `timeout`: one call ran past its timeout (`call_timeout_s`, cut to the wall time left);
- `cap`: the meter refused the call before it was sent (`cap` names which);
- `auth`: the provider refused the key (401, 403) or does not know the model (404);
- `provider`: any other refusal by the provider (a request it rejects);
- `unavailable`: the model's health stopped the run (`evaluators.llm.health`): nothing sent;
- `config`: the key variable is not set at call time (preflight reports it earlier);
- `replay_miss`: replaying, and the cassette holds no reply for the request.
Messages are one line and never contain a key. `reply` is the model's own text, which
may span lines; a caller cuts it before showing it.
"""

from __future__ import annotations

from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict

from evaluators.llm.meter import LlmUsage

T = TypeVar("T")
FailureKind = Literal[
    "malformed",
    "transport",
    "timeout",
    "cap",
    "auth",
    "provider",
    "unavailable",
    "config",
    "replay_miss",
]


class LlmReply(BaseModel):
    """Parsed outputs by field name, the raw reply text, and what the request used.

    `usage` sums what every attempt of this request was billed (a parse retry and
    transport retries included; one answered from memory is a `remembered_calls`, with no
    tokens); `attempts` counts them; `cached` counts those answered without being sent.
    """

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    outputs: dict[str, Any]
    text: str
    usage: LlmUsage
    attempts: int
    cached: int = 0
    parse_retried: bool = False
    repeated: bool = False  # every request of it had been answered before in this client

    def get(self, name: str, kind: type[T]) -> T:
        """The output `name`, checked to be a `kind` (the field's annotation)."""
        value = self.outputs[name]
        if not isinstance(value, kind):
            raise TypeError(f"output {name!r} is a {type(value).__name__}, not {kind.__name__}")
        return value


class LlmFailure(BaseModel):
    """Why a request produced no typed reply; `cap` is set for kind `cap`."""

    model_config = ConfigDict(frozen=True)

    kind: FailureKind
    message: str
    cap: str | None = None
    usage: LlmUsage = LlmUsage()
    attempts: int = 0
    reply: str = ""  # malformed: the model's last reply, to show it what it sent
    repeated: bool = False  # malformed: both requests had been answered before
