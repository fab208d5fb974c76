"""The paper's configuration runs the paper's harness (issue 39), end to end.

`rsi run-task` runs a test-sized copy of `experiments/testhelix_k3.toml` (its model
pointed at the local Anthropic-compatible server, which the scripted tool-using model
answers; the local sandbox) on the bash task sh-slugify with the initial strategy (K=3,
two rounds). Its trace shows agent pairs with two execution repeats, a direction plan, a
skill load, reviews given the host's symptoms and reporting execution checks, a merge
validated fresh, and where every pair's calls went; the judge scores the merged suite.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.support.agent_model import SLUGIFY, AgentModel, Plan, slugify_plan
from tests.support.cli_helpers import ROOT, run_rsi
from tests.support.llm_server import LocalLlmServer
from tests.support.search_fixtures import write_k3_config

pytestmark = pytest.mark.slow

# A short, competent pair: it loads a skill, writes its suite and repair, and submits.
PAIR: Plan = [
    ("load_skill", {"name": "cli-output"}),
    *(step for step in slugify_plan() if step[0] == "write_file"),
    ("submit", {}),
]
REVIEW: Plan = [
    ("run", {"command": 'bash "$TESTS_DIR/run.sh"'}),
    ("report", {"findings": [], "covered": ["separators", "case"],
                "checks": ["the suite fails on the unrepaired program"]}),
]  # fmt: skip


def _phases(trace: dict[str, Any], name: str) -> list[dict[str, Any]]:
    return [p for p in trace["phases"] if p["phase"] == name]


def test_the_papers_configuration_runs_agent_pairs_through_the_whole_protocol(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-FAKE-e2e")
    model = AgentModel(PAIR, REVIEW)
    with LocalLlmServer(responder=model) as server:
        local = {
            '"anthropic/claude-opus-4-6"': '"anthropic/local-model"',
            'backend = "docker"': 'backend = "local"',
            'api_key_env = "ANTHROPIC_API_KEY"': (
                f'api_key_env = "ANTHROPIC_API_KEY"\napi_base = "{server.base_url}"'
            ),
        }
        config = write_k3_config(tmp_path, replace=local)
        out = tmp_path / "out"
        shown = run_rsi(
            "run-task", str(config), str(SLUGIFY),
            "--strategy", str(ROOT / "experiments/strategies/initial.json"),
            "--out", str(out), "--json", "--skip-model-check",
        )  # fmt: skip
    assert shown.returncode == 0, shown.stderr[-3000:]
    trace = json.loads((out / "trace.json").read_text())
    (harness,) = _phases(trace, "harness")
    assert harness["pairs"] == 3 and harness["execution_repeats"] == 2
    assert "agent" in harness["prompts"]  # the agent pairs' prompts were used
    (planning,) = _phases(trace, "planning")
    assert planning["planned"] == 1 and model.planned == 1
    pairs = _phases(trace, "agent-pair")
    assert [p["pair"] for p in pairs] == [0, 1, 2]
    for pair in pairs:
        assert pair["stop"] == "submitted"
        assert [len(c["outcomes"]) for c in pair["checks"]] == [2, 2]  # two repeats each
        assert pair["tool_calls"][0]["tool"] == "load_skill"
        assert not pair["tool_calls"][0]["refused"]
    assert pairs[0]["direction"].startswith("Separators")  # the plan guides the first solver
    reviews = _phases(trace, "agent-review")
    assert [r["pair"] for r in reviews] == [0, 1, 2]
    for review in reviews:
        assert review["approved"] and review["symptoms"].startswith("initial program: fail")
        assert review["checks"] == ["the suite fails on the unrepaired program"]
    merges = _phases(trace, "merge")
    assert merges and all(m["pairs"] == [0, 1, 2] and m["valid"] for m in merges)
    (selection,) = _phases(trace, "selection")
    assert selection["selected"] == "merged:0+1+2"
    (calls,) = _phases(trace, "calls")
    assert [row["generation"] for row in calls["pairs"]] == [len(PAIR)] * 3
    assert [row["review"] for row in calls["pairs"]] == [len(REVIEW)] * 3
    assert calls["total"]["turns"] == 3 * (len(PAIR) + len(REVIEW))
    assert calls["total"]["tools"]["load_skill"] == 3
    summary = json.loads(shown.stdout)
    assert summary["scores"]["F"] == 1  # the merged suite: fails initial, passes reference
    assert sorted(p.name for p in (out / "submission").iterdir()) == ["p0", "p1", "p2", "run.sh"]
    # The reviews of pairs 1 and 2 ask what pair 0's reviewer asked (identical suites and
    # symptoms): answered from memory, not sent again.
    assert calls["total"]["remembered"] == 2 * len(REVIEW)
    assert server.calls == 1 + 3 * len(PAIR) + len(REVIEW)
