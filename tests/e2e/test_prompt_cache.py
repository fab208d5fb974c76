"""`rsi run-task` on the Anthropic path with prompt caching (issue 50), as a new user runs it:
the paper's config (its model, claude-opus-4-6, at the local Anthropic-compatible server
that emulates the provider's cache accounting), nothing on stderr about the network (litellm
reads its bundled beta-headers config), and the task's dollars beside its tokens, cache
reads and writes at the price map's rates."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from evaluators.llm import litellm_price
from tests.support.agent_model import SLUGIFY, AgentModel, Plan, slugify_plan
from tests.support.cli_helpers import ROOT, run_rsi
from tests.support.llm_server import LocalLlmServer
from tests.support.prompt_cache_server import PromptCacheEmulation
from tests.support.search_fixtures import write_k3_config

pytestmark = pytest.mark.slow

PAIR: Plan = [
    *(step for step in slugify_plan() if step[0] in ("write_file", "run")),
    ("submit", {}),
]
REVIEW: Plan = [
    ("run", {"command": 'bash "$TESTS_DIR/run.sh"'}),
    ("report", {"findings": [], "covered": ["separators"], "checks": ["fails unrepaired"]}),
]


def test_run_task_on_the_anthropic_path_is_quiet_and_shows_its_dollars(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-FAKE-e2e")
    monkeypatch.delenv("LITELLM_LOCAL_ANTHROPIC_BETA_HEADERS", raising=False)
    with LocalLlmServer(responder=AgentModel(PAIR, REVIEW)) as server:
        server.prompt_cache = PromptCacheEmulation()
        local = {
            'backend = "docker"': 'backend = "local"',
            'api_key_env = "ANTHROPIC_API_KEY"': (
                f'api_key_env = "ANTHROPIC_API_KEY"\napi_base = "{server.base_url}"'
            ),
        }
        config = write_k3_config(tmp_path, replace=local)
        strategy = str(ROOT / "experiments/strategies/initial.json")
        args = ("run-task", str(config), str(SLUGIFY), "--strategy", strategy)
        # Cold processes: what a fresh `python -m rsi` reads from the network is the point.
        json_args = ("--out", str(tmp_path / "json"), "--json", "--skip-model-check")
        as_json = run_rsi(*args, *json_args, cold=True)
        emulated = server.prompt_cache
        assert emulated.reads > 0 and emulated.writes > 0
        paid = (emulated.reads, emulated.writes)
        # With the model check: its structured-output probe sends an `anthropic-beta` header,
        # which is when litellm reads its beta-headers config.
        shown = run_rsi(*args, "--out", str(tmp_path / "text"), cold=True)
    assert shown.returncode == 0, shown.stderr[-3000:]
    for run in (shown, as_json):
        assert "beta headers" not in run.stderr and "Failed to fetch" not in run.stderr
        assert "Name or service not known" not in run.stderr
    summary = json.loads(as_json.stdout)
    usage, money = summary["usage"], summary["money"]
    assert (usage["cache_read_input_tokens"], usage["cache_write_input_tokens"]) == paid
    price = litellm_price("anthropic/claude-opus-4-6")
    assert price is not None
    fresh = usage["input_tokens"] - sum(paid)
    dollars = (fresh * 5 + paid[0] * 0.5 + paid[1] * 6.25) / 1e6
    assert money["usd"] == pytest.approx(dollars + usage["output_tokens"] * 25 / 1e6)
    assert money["usd"] < money["uncached_usd"]
    line = next(ln for ln in shown.stdout.splitlines() if ln.startswith("usage:"))
    assert re.search(r"tokens, \$\d+\.\d{4} \(\$\d+\.\d{4} without the prompt cache\)", line)
    assert "prompt cache:" in shown.stdout
