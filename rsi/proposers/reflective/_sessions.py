"""One session = one typed request on its own `LlmClient`, bounded by the session's timeout.

- The client's cache namespace is (seed, round, attempt, parent id, session name) of the
  proposal context: the same context asks the same requests under the same keys, so a
  resumed search replays a session from the run's reply cache instead of paying twice.
- Every call draws on the optimizer's `UsageMeter`. A refused call (a cap) raises
  `OptimizerBudgetExhausted(cap)`; any other failure is returned as a `Refusal` reason
  (`session_timeout`, `malformed_reply`, `llm_failure`), never raised.
- The timeout bounds each HTTP attempt (`call_timeout_s` is cut to it) and the whole
  session: the request runs on a daemon thread that is abandoned at the deadline. An
  abandoned request may still finish and settle on the meter and the cache; the engine
  has journaled the rejection by then, so that attempt is never asked again.
- The cost of a session is the meter's growth while it ran (open reservations count).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import BaseModel

from evaluators.llm import (
    LlmClient,
    LlmFailure,
    LlmReply,
    LlmSettings,
    LlmUsage,
    LmFactory,
    ReplyStore,
    UsageMeter,
    litellm_lm,
)
from rsi.proposers.base import OptimizerBudgetExhausted, ProposalContext, ProposalCost
from rsi.proposers.reflective._validation import Refusal

if TYPE_CHECKING:
    import dspy

T = TypeVar("T")
SESSIONS = ("selection", "diagnosis", "reflection")


@dataclass(frozen=True)
class SessionTimeouts:
    """Seconds per session (`[timeouts]`; the paper's defaults)."""

    selection_s: float = 300.0
    diagnosis_s: float = 1800.0
    reflection_s: float = 600.0

    def __post_init__(self) -> None:
        for session in SESSIONS:
            if self.of(session) <= 0:
                raise ValueError(f"timeouts.{session}_s must be positive")

    def of(self, session: str) -> float:
        return float(getattr(self, f"{session}_s"))


@dataclass(frozen=True)
class SessionAnswer:
    """A session's typed output, or the refusal reason and message when it has none."""

    value: BaseModel | None
    cost: ProposalCost
    failure: Refusal | None = None
    message: str = ""


def namespace(context: ProposalContext, session: str) -> str:
    return (
        f"reflective/{session}/seed={context.seed}/round={context.round}"
        f"/attempt={context.attempt}/parent={context.parent_id}"
    )


def cost_between(before: LlmUsage, after: LlmUsage) -> ProposalCost:
    return ProposalCost(
        calls=after.calls - before.calls,
        cached_calls=after.cached_calls - before.cached_calls,
        input_tokens=after.input_tokens - before.input_tokens,
        output_tokens=after.output_tokens - before.output_tokens,
    )


def _within(call: Callable[[], T], timeout_s: float) -> tuple[bool, T | None]:
    """(finished, result) of `call` on a daemon thread; its exception is re-raised here."""
    box: dict[str, Any] = {}
    done = threading.Event()

    def run() -> None:
        try:
            box["result"] = call()
        except BaseException as error:  # noqa: BLE001 - thread boundary: re-raised by the caller
            box["error"] = error
        finally:
            done.set()

    threading.Thread(target=run, name="rsi-reflective-session", daemon=True).start()
    if not done.wait(timeout_s):
        return False, None
    if "error" in box:
        raise box["error"]
    return True, box["result"]


class SessionModels:
    """Opens the metered, cached client of each session and runs it under its deadline."""

    def __init__(
        self,
        settings: LlmSettings,
        meter: UsageMeter,
        cache: ReplyStore | None,
        *,
        timeouts: SessionTimeouts,
        lm_factory: LmFactory = litellm_lm,
    ) -> None:
        self.settings = settings
        self.meter = meter
        self.cache = cache
        self.timeouts = timeouts
        self.lm_factory = lm_factory

    def ask(
        self,
        session: str,
        context: ProposalContext,
        signature: type[dspy.Signature],
        inputs: Mapping[str, str],
        *,
        max_tokens: int,
    ) -> SessionAnswer:
        timeout = self.timeouts.of(session)
        settings = self.settings.model_copy(
            update={"call_timeout_s": min(self.settings.call_timeout_s, timeout)}
        )
        client = LlmClient(
            settings,
            self.meter,
            self.cache,
            namespace=namespace(context, session),
            lm_factory=self.lm_factory,
        )
        limit = min(max_tokens, self.settings.max_output_tokens)
        before = self.meter.snapshot()
        finished, result = _within(lambda: client.ask(signature, inputs, max_tokens=limit), timeout)
        cost = cost_between(before, self.meter.snapshot())
        if not finished or result is None:
            message = f"the {session} session gave no reply within {timeout:g} s"
            return SessionAnswer(None, cost, Refusal.SESSION_TIMEOUT, message)
        if isinstance(result, LlmReply):
            (name,) = signature.output_fields
            return SessionAnswer(result.outputs[name], cost)
        return _failed(session, result, cost)


def _failed(session: str, failure: LlmFailure, cost: ProposalCost) -> SessionAnswer:
    if failure.kind == "cap":
        cap = failure.cap or "calls"
        raise OptimizerBudgetExhausted(
            cap, f"optimizer budget: {cap} cap reached in the {session} session", cost=cost
        )
    if failure.kind == "timeout":
        return SessionAnswer(None, cost, Refusal.SESSION_TIMEOUT, f"{session}: {failure.message}")
    if failure.kind == "malformed":
        return SessionAnswer(None, cost, Refusal.MALFORMED_REPLY, f"{session}: {failure.message}")
    return SessionAnswer(
        None, cost, Refusal.LLM_FAILURE, f"{session} ({failure.kind}): {failure.message}"
    )
