"""Experiment configs: the shipped ones load; bad keys and values are one-line errors."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from rsi.config import CONFIG_FILE, load_config, read_run_config
from search_space.errors import UserInputError
from tests.support.cli_helpers import ROOT, assert_one_line_user_error, run_rsi

QUICKSTART = ROOT / "experiments/quickstart.toml"
PAPER = ROOT / "experiments/testhelix_k3.toml"


def test_shipped_configs_load() -> None:
    quick = load_config(QUICKSTART)
    assert quick.runner.kind == "scripted" and quick.sandbox.backend == "local"
    paper = load_config(PAPER)
    assert (paper.data.proposal, paper.data.dev, paper.data.release) == (500, 100, 100)
    assert (paper.search.minibatch, paper.search.completed_rounds) == (25, 20)
    assert paper.search.max_attempts == 40
    timeouts = paper.timeouts
    assert (timeouts.selection_s, timeouts.diagnosis_s, timeouts.reflection_s) == (300, 1800, 600)
    assert timeouts.health_check_s == 60
    assert set(paper.search_space.frozen) == {"initialCandidates", "maxCandidates"}


def _write(tmp_path: Path, text: str) -> Path:
    body = QUICKSTART.read_text().replace('"tasks"', f'"{ROOT}/experiments/tasks"')
    body = body.replace(
        '"strategies/initial.json"', f'"{ROOT}/experiments/strategies/initial.json"'
    )
    path = tmp_path / "c.toml"
    path.write_text(body + text)
    return path


def test_unknown_key_names_the_key(tmp_path: Path) -> None:
    path = _write(tmp_path, "\n[budget]\nmax_callz = 3\n")
    with pytest.raises(UserInputError, match=r"budget\.max_callz: unknown key"):
        load_config(path)


def test_bad_value_names_key_and_reason(tmp_path: Path) -> None:
    path = _write(tmp_path, "\n[budget]\nmax_wall_s = -1\n")
    with pytest.raises(UserInputError, match=r"budget\.max_wall_s: .*greater than 0"):
        load_config(path)


def test_malformed_toml_through_the_cli(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("[experiment\nname = 1")
    assert_one_line_user_error(run_rsi("search", str(bad)), str(bad), "malformed TOML")


def test_paper_config_refuses_without_its_key_before_any_work(tmp_path: Path) -> None:
    env_key = "ANTHROPIC_API_KEY"
    saved = os.environ.pop(env_key, None)
    try:
        result = run_rsi("search", str(PAPER), "--run-dir", str(tmp_path / "run"), "--json")
    finally:
        if saved is not None:
            os.environ[env_key] = saved
    assert_one_line_user_error(result, "llm.api_key_env", env_key, "not set")
    assert not (tmp_path / "run" / "events.jsonl").exists()  # nothing journaled, nothing paid


def test_a_resume_may_change_how_the_model_is_reached_but_not_which_model() -> None:
    """`[llm]` api_base, api_key_env, call_timeout_s, transport_retries and the format
    check may change on a resume; the model, its temperature and output cap may not."""
    config = load_config(ROOT / "experiments/testhelix_small.toml")
    assert config.llm is not None

    def hashed(**llm: object) -> str:
        changed = config.llm.model_copy(update=llm)  # type: ignore[union-attr]
        return config.model_copy(update={"llm": changed}).fingerprint(ignore_budget=True)

    same = hashed()
    assert hashed(api_base="http://127.0.0.1:9000/v1", call_timeout_s=5.0) == same
    assert hashed(api_key_env="K", transport_retries=3, format_check_calls=40) == same
    assert hashed(model="openai/other") != same
    assert hashed(temperature=0.5) != same and hashed(max_output_tokens=100) != same


def test_a_run_started_before_the_resumable_llm_keys_still_resumes(tmp_path: Path) -> None:
    from rsi.config import write_run_config

    config = load_config(ROOT / "experiments/testhelix_small.toml")
    legacy = config.fingerprint(ignore_budget=True, legacy=True)
    assert legacy != config.fingerprint(ignore_budget=True)  # api_base was in the hash
    write_run_config(config, tmp_path, legacy)  # accepted
    other = config.model_copy(update={"llm": config.llm.model_copy(update={"model": "a/b"})})  # type: ignore[union-attr]
    with pytest.raises(UserInputError, match="differs from the one this run started with"):
        write_run_config(other, tmp_path, legacy)


@pytest.mark.parametrize(
    ("section", "line", "pointer"),
    [
        ("runner", 'model = "openai/gpt-4o"', "runner.model was removed: set the harness's model"),
        ("runner", 'command = ["./author.sh"]', "runner.command was removed: the command runner"),
        (
            "proposers",
            'reflective_model = "openai/gpt-4o"',
            "proposers.reflective_model was removed: set [proposers.reflective] model",
        ),
        (
            "budget",
            "max_optimizer_calls = 5",
            "budget.max_optimizer_calls was removed: it counted proposal attempts",
        ),
        (
            "budget",
            "max_tokens = 100000",
            "budget.max_tokens was removed: set [budget] optimizer_input_tokens",
        ),
    ],
)
def test_a_removed_key_is_refused_with_what_replaced_it(
    tmp_path: Path, section: str, line: str, pointer: str
) -> None:
    path = _write(tmp_path, "\n[budget]\n")
    text = path.read_text().replace(f"[{section}]\n", f"[{section}]\n{line}\n", 1)
    path.write_text(text)
    with pytest.raises(UserInputError) as refused:
        load_config(path)
    assert str(refused.value).startswith(f"{path}: {pointer}")
    assert_one_line_user_error(run_rsi("search", str(path)), str(path), pointer)


def test_a_run_config_from_before_the_removals_still_loads(tmp_path: Path) -> None:
    """A run's config.json holds every key, the removed ones as null (or an empty argv)."""
    config = load_config(QUICKSTART)
    data = config.model_dump(mode="json")
    data["runner"].update(model=None, command=[])
    data["proposers"]["reflective_model"] = None
    data["budget"].update(max_optimizer_calls=None, max_tokens=None)
    (tmp_path / CONFIG_FILE).write_text(json.dumps(data))
    assert read_run_config(tmp_path).model_copy(update={"source": None}) == config.model_copy(
        update={"source": None}
    )


def test_a_rule_across_sections_names_its_keys_without_a_prefix(tmp_path: Path) -> None:
    path = _write(tmp_path, "")
    path.write_text(path.read_text().replace("minibatch = 6", "minibatch = 31"))
    with pytest.raises(UserInputError) as refused:
        load_config(path)
    assert str(refused.value) == f"{path}: search.minibatch exceeds data.proposal"
