"""Benchmark: what provider prompt caching saves on the paper's configuration (issue 50).

`rsi run-task` runs the scripted tool-using agent (tests/support/agent_model.py: three
agent pairs and their reviews on sh-slugify, K=3) through `experiments/testhelix_k3.toml`,
its model claude-opus-4-6 at the local Anthropic-compatible server that emulates the
provider's cache accounting (tests/support/prompt_cache_server.py: breakpoints, prefix
match, a 5-minute TTL), twice on a fresh server each: `[llm] prompt_cache` on (the
default) and off. It reports, from the server's own count and the task's usage:
- input tokens fresh, written to and read from the cache, and output tokens;
- the task's dollars at litellm's price map ($5 in, $0.50 cache read, $6.25 cache write,
  $25 out per million), and whether both runs sent the same requests (marks aside) and
  reached the same scores;
- the paper's search as `rsi plan` forecasts it (stop_when_decided on, the illustrative
  2-task pilot of early_stop.py: 12 calls, 96k input and 12k output tokens a task, a
  screen paying 60.7% of its tasks), with and without caching: the caching bill at the
  cache shares this run measured, and at the plan's own prefix-growth model.

    .venv/bin/python experiments/benchmarks/prompt_cache.py
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("MLFLOW_DISABLE_TELEMETRY", "true")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from rsi.cli.plan import flipped  # noqa: E402
from rsi.config import load_config  # noqa: E402
from rsi.forecast import Measured, Tokens, forecast  # noqa: E402
from tests.support.agent_model import SLUGIFY, AgentModel, Plan, slugify_plan  # noqa: E402
from tests.support.cli_helpers import run_rsi  # noqa: E402
from tests.support.llm_server import LocalLlmServer  # noqa: E402
from tests.support.prompt_cache_server import PromptCacheEmulation, anthropic_blocks  # noqa: E402
from tests.support.search_fixtures import K3, write_k3_config  # noqa: E402

PAIR: Plan = slugify_plan()
REVIEW: Plan = [
    ("run", {"command": 'bash "$TESTS_DIR/run.sh"'}),
    ("report", {"findings": [], "covered": ["separators"], "checks": ["fails unrepaired"]}),
]
SHARES = (0.607, 0.969)  # the noisy world's race shares (early_stop.py)


def _masked(block: str) -> str:
    """A request block, the remaining-budget note's figures masked: its seconds and the
    tokens left by the sessions running beside it vary from run to run."""
    return "<the remaining-budget note>" if "Remaining budget (shared by" in block else block


def one_task(home: Path, cached: bool) -> dict[str, Any]:
    """run-task on a fresh emulated server; the task's usage, money, scores, requests."""
    os.environ.setdefault("ANTHROPIC_API_KEY", "sk-ant-FAKE-benchmark")
    with LocalLlmServer(responder=AgentModel(PAIR, REVIEW)) as server:
        server.prompt_cache = emulated = PromptCacheEmulation()
        local = {
            'backend = "docker"': 'backend = "local"',
            'api_key_env = "ANTHROPIC_API_KEY"': (
                f'api_key_env = "ANTHROPIC_API_KEY"\napi_base = "{server.base_url}"\n'
                f"prompt_cache = {str(cached).lower()}"
            ),
        }
        config = write_k3_config(home, replace=local)
        shown = run_rsi(
            "run-task", str(config), str(SLUGIFY),
            "--strategy", str(ROOT / "experiments/strategies/initial.json"),
            "--out", str(home / "out"), "--json", "--skip-model-check",
        )  # fmt: skip
        if shown.returncode != 0:
            raise SystemExit(shown.stderr[-3000:])
        summary = json.loads(shown.stdout)
        # Pairs run concurrently: the same requests may arrive in another order.
        requests = sorted(
            json.dumps([_masked(t) for t, _ in anthropic_blocks(b)]) for b in server.requests
        )
        return {
            "usage": summary["usage"],
            "money": summary["money"],
            "scores": summary["scores"],
            "requests": requests,
            "server": (emulated.fresh, emulated.writes, emulated.reads, server.completion_tokens),
        }


def paper_search(read: float, write: float, per_task: Tokens) -> tuple[float, float, float]:
    """(expected $ without caching, with the measured shares, with the plan's model) from
    a pilot whose tasks each used `per_task`."""
    config = flipped(load_config(K3))  # stop_when_decided on: today's $1,242
    fields: dict[str, Any] = {
        "run_dir": "pilot", "config_hash": None, "evaluations": 2, "task_seconds": 600.0,
        "attempts": 0, "per_attempt": Tokens(), "rounds": 0, "keep_rate": None,
        "attempts_per_round": None, "initial_dev_rar": None,
        "screen_share": SHARES[0], "dev_share": SHARES[1],
    }  # fmt: skip
    modelled = forecast(config, Measured(per_task=per_task, **fields)).caching
    total = per_task.input_tokens
    split = {"cache_read_input_tokens": total * read, "cache_write_input_tokens": total * write}
    measured = Measured(per_task=per_task.model_copy(update=split), **fields)
    bill = forecast(config, measured).caching
    assert modelled is not None and bill is not None
    return bill.expected_uncached_usd or 0.0, bill.expected_usd or 0.0, modelled.expected_usd or 0.0


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="rsi-cache-") as home:
        runs = {c: one_task(Path(home) / str(c), c) for c in (True, False)}
    on, off = runs[True], runs[False]
    print("== one task: rsi run-task, testhelix_k3.toml, scripted agent (K=3), sh-slugify ==")
    print(f"{'caching':8} {'calls':>5} {'fresh in':>9} {'written':>8} {'read':>8} {'out':>6} "
          f"{'dollars':>9}")  # fmt: skip
    for name, run in (("on", on), ("off", off)):
        fresh, written, read, _ = run["server"]
        print(
            f"{name:8} {run['usage']['calls']:>5} {fresh:>9,} {written:>8,} {read:>8,} "
            f"{run['usage']['output_tokens']:>6,} ${run['money']['usd']:>8.4f}"
        )
    same = on["requests"] == off["requests"] and on["scores"] == off["scores"]
    ratio = on["money"]["usd"] / off["money"]["usd"]
    print(f"same requests (marks aside) and scores: {'yes' if same else 'NO'}; "
          f"the task costs {ratio:.1%} of its uncached bill")  # fmt: skip
    total = on["usage"]["input_tokens"]
    read = on["usage"].get("cache_read_input_tokens", 0) / total
    write = on["usage"].get("cache_write_input_tokens", 0) / total
    print(f"measured shares of input tokens: {read:.1%} read, {write:.1%} written")
    print("== the paper's search, rsi plan's expected case (stop_when_decided on) ==")
    pilots = {
        "the illustrative pilot (96k in, 12k out a task)": Tokens(
            calls=12, input_tokens=96_000, output_tokens=12_000
        ),
        "this task's own usage as the pilot": Tokens(
            calls=on["usage"]["calls"],
            input_tokens=on["usage"]["input_tokens"],
            output_tokens=on["usage"]["output_tokens"],
        ),
    }
    for name, per_task in pilots.items():
        before, measured, modelled = paper_search(read, write, per_task)
        print(f"  {name}: without caching ${before:,.0f}; with caching ${measured:,.0f} at "
              f"the measured shares ({measured / before:.1%}), ${modelled:,.0f} at the "
              f"plan's model ({modelled / before:.1%})")  # fmt: skip


if __name__ == "__main__":
    main()
