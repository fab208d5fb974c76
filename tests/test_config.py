"""Experiment configs: the shipped ones load; bad keys and values are one-line errors."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from rsi.config import CONFIG_FILE, load_config, read_run_config
from search_space.errors import UserInputError
from tests.cli_helpers import ROOT, assert_one_line_user_error, run_rsi

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
    assert read_run_config(tmp_path) == config


def test_a_rule_across_sections_names_its_keys_without_a_prefix(tmp_path: Path) -> None:
    path = _write(tmp_path, "")
    path.write_text(path.read_text().replace("minibatch = 6", "minibatch = 31"))
    with pytest.raises(UserInputError) as refused:
        load_config(path)
    assert str(refused.value) == f"{path}: search.minibatch exceeds data.proposal"
