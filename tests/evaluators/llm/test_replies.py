"""The typed-output logic on dspy's DummyLM (no HTTP): parsing, the one parse retry,
the reservation rule when a model reports no usage, and key redaction."""

from __future__ import annotations

import dspy
import pytest
from dspy.utils import DummyLM

from evaluators.llm import (
    LlmClient,
    LlmFailure,
    LlmReply,
    LlmSettings,
    UsageCaps,
    UsageMeter,
    output_schema,
    redact,
)
from tests.support.llm_judge import Judge, Verdict

SETTINGS = LlmSettings(model="openai/dummy", api_base="http://127.0.0.1:1/v1")
GOOD = {"verdict": '{"label": "fail", "score": 1}'}
WRONG = {"answer": "I think it is fine"}


class Plan(dspy.Signature):
    """List the test names to write."""

    task: str = dspy.InputField()
    names: list[str] = dspy.OutputField()
    count: int = dspy.OutputField()


def dummy_client(answers: list[dict[str, str]], caps: UsageCaps | None = None) -> LlmClient:
    lm = DummyLM(answers)
    built: list[tuple[str, float]] = []

    def factory(settings: LlmSettings, api_key: str, timeout_s: float) -> dspy.BaseLM:
        built.append((api_key, timeout_s))
        return lm

    client = LlmClient(SETTINGS, UsageMeter(caps or UsageCaps(), "generator"), lm_factory=factory)
    client.built = built  # type: ignore[attr-defined]
    return client


def test_a_good_reply_parses_into_the_annotated_types() -> None:
    reply = dummy_client([{"names": '["test_empty", "test_one"]', "count": "2"}]).ask(
        Plan, {"task": "stack"}
    )
    assert isinstance(reply, LlmReply), reply
    assert reply.outputs == {"names": ["test_empty", "test_one"], "count": 2}
    assert reply.get("count", int) == 2
    with pytest.raises(TypeError, match="not str"):
        reply.get("count", str)


def test_a_reply_missing_a_field_is_retried_once() -> None:
    client = dummy_client([WRONG, GOOD])
    reply = client.ask(Judge, {"snippet": "x"})
    assert isinstance(reply, LlmReply), reply
    assert reply.get("verdict", Verdict) == Verdict(label="fail", score=1)
    assert (reply.attempts, reply.parse_retried) == (2, True)
    assert len(client.built) == 2  # type: ignore[attr-defined]


def test_a_second_bad_reply_is_a_malformed_failure_not_an_exception() -> None:
    client = dummy_client([WRONG, {"verdict": "not json at all"}, GOOD])
    failure = client.ask(Judge, {"snippet": "x"})
    assert isinstance(failure, LlmFailure)
    assert failure.kind == "malformed" and failure.attempts == 2
    assert failure.message.startswith("the reply did not parse twice:")
    assert "\n" not in failure.message


def test_a_model_that_reports_no_usage_is_charged_its_reservation() -> None:
    client = dummy_client([GOOD], caps=UsageCaps(output_tokens=10_000))
    reply = client.ask(Judge, {"snippet": "x"}, max_tokens=3000)
    assert isinstance(reply, LlmReply)
    assert reply.usage.output_tokens == 3000 and reply.usage.input_tokens > 0
    assert client.meter.snapshot().output_tokens == 3000
    # 3000 reserved + 8192 (the settings' default) would pass 10 000: refused, unsent.
    refused = client.ask(Judge, {"snippet": "y"})
    assert isinstance(refused, LlmFailure) and refused.cap == "output_tokens"
    assert len(client.built) == 1  # type: ignore[attr-defined]


def test_the_key_is_read_at_call_time_and_a_local_server_gets_a_placeholder() -> None:
    client = dummy_client([GOOD])
    client.ask(Judge, {"snippet": "x"})
    assert client.built == [("no-key", 120.0)]  # type: ignore[attr-defined]


def test_the_output_schema_names_each_field_type() -> None:
    schema = output_schema(Judge)
    assert set(schema) == {"verdict"}
    assert schema["verdict"]["properties"]["label"]["enum"] == ["pass", "fail"]


@pytest.mark.parametrize(
    "message",
    [
        "Incorrect API key provided: sk-FAKE-0123456789abcdefXYZ.",
        "key sk-FAKE-01234567... was rejected",
        "key ...456789abcdefXYZ was rejected",
    ],
)
def test_redact_removes_a_key_and_its_leading_or_trailing_fragments(message: str) -> None:
    key = "sk-FAKE-0123456789abcdefXYZ"
    cleaned = redact(message, key)
    assert "[redacted]" in cleaned
    assert key[:8] not in cleaned and key[-8:] not in cleaned


def test_redact_keeps_messages_one_bounded_line() -> None:
    assert redact("a\nb\n\tc", None) == "a b c"
    assert len(redact("x" * 5000, None)) == 600
