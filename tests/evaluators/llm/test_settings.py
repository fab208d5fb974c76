"""`[llm]` settings from a TOML table, and the preflight that runs before any paid work."""

from __future__ import annotations

import socket
import sys
from pathlib import Path

import pytest

from evaluators.llm import LlmSettings, preflight
from search_space.errors import UserInputError
from tests.support.llm_server import BrokenBody, LocalLlmServer, Status, max_tokens_of

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

FAKE_KEY = "sk-FAKE-settings-0123456789abcdef"


def test_a_toml_table_validates_with_defaults() -> None:
    table = tomllib.loads(
        '[llm]\nmodel = "openai/qwen2.5-coder"\napi_base = "http://127.0.0.1:8000/v1/"\n'
        'api_key_env = "VLLM_KEY"\ntemperature = 0.2\n'
    )["llm"]
    settings = LlmSettings.from_table(table)
    assert settings.api_base == "http://127.0.0.1:8000/v1"
    assert (settings.max_concurrent_calls, settings.call_timeout_s) == (2, 120.0)
    assert (settings.max_output_tokens, settings.transport_retries) == (8192, 1)
    assert settings.replay is None and settings.key_env == "VLLM_KEY"


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ({}, "llm.model: Field required"),
        ({"model": "gpt-4o"}, "llm.model: expected provider/name"),
        ({"model": "openai/x", "tempertaure": 0.1}, "llm.tempertaure: unknown key"),
        ({"model": "openai/x", "temperature": 3}, "llm.temperature: Input should be less"),
        ({"model": "openai/x", "max_concurrent_calls": 0}, "llm.max_concurrent_calls:"),
        ({"model": "openai/x", "api_base": "ftp://host"}, "llm.api_base: expected an http"),
        ({"model": "openai/x", "api_base": "http://u:p@host/v1"}, "llm.api_base: expected"),
    ],
)
def test_a_bad_table_is_one_line_naming_the_key(table: dict, message: str) -> None:
    with pytest.raises(UserInputError) as refused:
        LlmSettings.from_table(table)
    assert str(refused.value).startswith(message)
    assert "\n" not in str(refused.value)


def test_a_key_pasted_as_api_key_env_is_refused_without_echoing_it() -> None:
    with pytest.raises(UserInputError) as refused:
        LlmSettings.from_table({"model": "anthropic/claude", "api_key_env": FAKE_KEY})
    assert str(refused.value).startswith("llm.api_key_env: expected the NAME")
    assert FAKE_KEY not in str(refused.value) and "FAKE" not in str(refused.value)


def test_hosted_providers_default_their_key_variable_and_local_servers_need_none() -> None:
    assert LlmSettings(model="anthropic/claude-opus-4-6").key_env == "ANTHROPIC_API_KEY"
    assert LlmSettings(model="openai/gpt-4o").key_env == "OPENAI_API_KEY"
    local = LlmSettings(model="openai/qwen", api_base="http://127.0.0.1:1/v1")
    assert local.key_env is None


def test_preflight_refuses_a_missing_key_variable_in_one_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("RSI_TEST_LLM_KEY", raising=False)
    settings = LlmSettings(model="anthropic/claude-opus-4-6", api_key_env="RSI_TEST_LLM_KEY")
    with pytest.raises(UserInputError) as refused:
        preflight(settings)
    assert str(refused.value) == "llm.api_key_env: environment variable RSI_TEST_LLM_KEY is not set"
    monkeypatch.setenv("RSI_TEST_LLM_KEY", "")
    with pytest.raises(UserInputError):
        preflight(settings)
    monkeypatch.setenv("RSI_TEST_LLM_KEY", FAKE_KEY)
    preflight(settings, check=False)  # key set, minimal request skipped: nothing contacted


def test_preflight_names_the_default_variable_of_a_hosted_provider(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    with pytest.raises(UserInputError) as refused:
        preflight(LlmSettings(model="anthropic/claude-opus-4-6"))
    assert "environment variable ANTHROPIC_API_KEY is not set" in str(refused.value)


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_preflight_refuses_an_unreachable_api_base_in_one_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("NO_PROXY", "127.0.0.1")
    monkeypatch.setenv("RSI_TEST_LLM_KEY", FAKE_KEY)
    base = f"http://127.0.0.1:{_closed_port()}/v1"
    settings = LlmSettings(model="openai/local", api_base=base, api_key_env="RSI_TEST_LLM_KEY")
    with pytest.raises(UserInputError) as refused:
        preflight(settings, timeout_s=5)
    message = str(refused.value)
    assert message.startswith(f"llm.model: openai/local at {base} cannot be used: ")
    assert "\n" not in message and FAKE_KEY not in message


def test_preflight_refuses_a_hosted_model_this_machine_cannot_reach(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # No network here: the provider's name does not resolve (or, with a network, the fake
    # key is refused). Either way one line, and the key never in it.
    monkeypatch.setenv("RSI_TEST_LLM_KEY", FAKE_KEY)
    settings = LlmSettings(model="anthropic/claude-opus-4-6", api_key_env="RSI_TEST_LLM_KEY")
    with pytest.raises(UserInputError) as refused:
        preflight(settings, timeout_s=10)
    message = str(refused.value)
    assert message.startswith("llm.model: anthropic/claude-opus-4-6 cannot be used: ")
    assert "--skip-model-check" in message and FAKE_KEY not in message


@pytest.mark.parametrize(
    ("action", "cause"),
    [
        (Status(401, echo_key=True), "the provider refused the key"),
        (Status(501), "no answer in the provider's API"),
        (BrokenBody(), "no answer in the provider's API"),
    ],
)
def test_preflight_refuses_a_server_that_does_not_answer_as_the_provider(
    monkeypatch: pytest.MonkeyPatch, action: Status | BrokenBody, cause: str
) -> None:
    monkeypatch.setenv("RSI_TEST_LLM_KEY", FAKE_KEY)
    with LocalLlmServer() as server:
        server.always = action
        settings = LlmSettings(
            model="openai/local", api_base=server.openai_base, api_key_env="RSI_TEST_LLM_KEY"
        )
        with pytest.raises(UserInputError) as refused:
            preflight(settings)
    message = str(refused.value)
    assert cause in message and "\n" not in message and FAKE_KEY not in message


def test_preflight_sends_one_minimal_request_once_per_process(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("RSI_TEST_LLM_KEY", FAKE_KEY)
    with LocalLlmServer() as server:
        settings = LlmSettings(
            model="openai/local", api_base=server.openai_base, api_key_env="RSI_TEST_LLM_KEY"
        )
        preflight(settings)
        preflight(settings)  # the runner and the proposer of one search ask once
        assert max_tokens_of(server.requests[0]) == 1
        # and, under structured_output = "auto", two tiny probes (evaluators/llm/structured.py)
        assert server.calls == server.preflights == 3
        assert [body["response_format"]["type"] for body in server.requests[1:]] == [
            "json_schema",
            "json_object",
        ]


def test_preflight_with_replay_only_checks_the_cassette(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("RSI_TEST_LLM_KEY", raising=False)
    missing = tmp_path / "cassette.jsonl"
    settings = LlmSettings(
        model="openai/local",
        api_base=f"http://127.0.0.1:{_closed_port()}/v1",
        api_key_env="RSI_TEST_LLM_KEY",
        replay=missing,
    )
    with pytest.raises(UserInputError, match=r"^llm.replay: cassette .* does not exist$"):
        preflight(settings)
    missing.write_text("")
    preflight(settings)  # no key, no server: replay needs neither
