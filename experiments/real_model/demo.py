"""`make demo-llm`: a real open model in the harness, on the CPU, with no network.

Starts llama.cpp's OpenAI-compatible server (llama-cpp-python) with SmolLM2-135M-Instruct
on 127.0.0.1, runs the TestHelix harness (`rsi run-task`, experiments/real_model/smollm2.toml)
on four corpus tasks, and prints what the model did: calls, replies that parsed, tokens,
seconds, the suite's score and where each trace is. A 135M model cannot write good tests;
the point is to watch the harness drive a real model. Point the same config at a larger
local model (docs/how-to/real-model-lane.md) to see it do better.

Usage: python experiments/real_model/demo.py [--tasks ID,ID,...] [--agent]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.support.llama_server import LlamaServer, RealModelMissing  # noqa: E402
from tests.support.real_model_lane import STRATEGY, lane_config  # noqa: E402

TASKS = (
    "gen-roman-lenient-parse",
    "alg-merge-intervals-gap",
    "perf-dedupe-stable-unique",
    "vis-text-bars-basic",
)
ENV = {"LITELLM_LOCAL_MODEL_COST_MAP": "True", "MLFLOW_DISABLE_TELEMETRY": "true"}


def run_task(config: Path, task: str, out: Path) -> dict[str, object]:
    """One `rsi run-task --json`, its summary plus the wall seconds it took."""
    started = time.monotonic()
    task_dir = ROOT / "experiments/tasks" / task
    shown = subprocess.run(
        [sys.executable, "-m", "rsi", "run-task", str(config), str(task_dir),
         "--strategy", str(STRATEGY), "--out", str(out), "--json"],
        cwd=ROOT, env=os.environ | ENV, capture_output=True, text=True, check=False,
    )  # fmt: skip
    seconds = time.monotonic() - started
    if shown.returncode != 0:
        return {"task": task, "error": shown.stderr.strip().splitlines()[-1:], "wall_s": seconds}
    return {**json.loads(shown.stdout), "wall_s": seconds}


def describe(summary: dict[str, object]) -> str:
    if "usage" not in summary:
        return f"{summary['task']}: failed: {summary['error']}"
    usage = summary["usage"]
    tally = summary.get("reply_format") or {}
    scores = summary.get("scores") or {}
    assert isinstance(usage, dict) and isinstance(tally, dict) and isinstance(scores, dict)
    parsed = f"{tally['replies'] - tally['malformed']} of {tally['replies']}" if tally else "all"
    return (
        f"{summary['task']}: {usage['calls']} calls, replies parsed {parsed}, "
        f"{usage['input_tokens']} tokens in / {usage['output_tokens']} out, "
        f"{summary['wall_s']:.0f} s; suite F={scores.get('F', 'none')}; "
        f"trace {summary['trace']}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", default=",".join(TASKS))
    parser.add_argument("--agent", action="store_true", help="agent pairs (tool calls)")
    args = parser.parse_args()
    home = ROOT / "runs" / "demo-llm"
    home.mkdir(parents=True, exist_ok=True)
    log = home / "server.log"
    try:
        server = LlamaServer(log=log).start()
    except RealModelMissing as missing:
        print(f"error: {missing}", file=sys.stderr)
        return 2
    try:
        pairs = {'pairs = "structured"': 'pairs = "agent"'} if args.agent else {}
        config = lane_config(home, server.base_url, pairs)
        print(f"llama.cpp's server at {server.base_url} (log {log}); config {config}")
        for task in args.tasks.split(","):
            print(describe(run_task(config, task, home / task)), flush=True)
    finally:
        server.stop()
    print(f"\nTraces, submissions and the config are under {home}.")
    print("A 135M model cannot write good tests; see docs/how-to/real-model-lane.md for a")
    print("larger local model (vLLM, Ollama, llama.cpp with any GGUF) in the same config.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
