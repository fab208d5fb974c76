"""A real open model in the harness: SmolLM2-135M on llama.cpp's server, on this machine's CPU.

Prints, measured in one run:
- the server's speed: prompt and generated tokens per second (one fixed probe each);
- per `[llm] structured_output` mode ("prompt": the reply format in the prompt only;
  "json_object": the reply's JSON schema sent as llama.cpp's grammar-constrained
  `response_format`), over the same tasks: calls, the malformed share of the replies the
  harness read, seconds per task and why each task's run stopped; then a small search
  with that mode to its end or its model-health stop, and the stop's cause.

Needs `make real-model-deps`. Usage:
  python experiments/benchmarks/real_model.py [--tasks ID,...] [--modes prompt,json_object]
Results: experiments/benchmarks/results/real_model.txt (the script's output, with its header).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.support.llama_server import LlamaServer  # noqa: E402
from tests.support.real_model_lane import STRATEGY, TASKS, lane_config  # noqa: E402
from tests.support.recording_proxy import RecordingProxy  # noqa: E402

DEFAULT_TASKS = ("gen-roman-lenient-parse", "alg-merge-intervals-gap")
ENV = {"LITELLM_LOCAL_MODEL_COST_MAP": "True", "MLFLOW_DISABLE_TELEMETRY": "true"}
PROBE = "List the steps to test a function that parses Roman numerals. " * 12


def _post(base: str, max_tokens: int, nonce: str) -> tuple[float, dict[str, Any]]:
    # A distinct first line per request: llama.cpp reuses a cached prompt prefix, which
    # would time the cache instead of the model.
    content = f"Request {nonce}.\n{PROBE}"
    body = {"model": "smollm2-135m", "messages": [{"role": "user", "content": content}]}
    request = urllib.request.Request(
        f"{base}/chat/completions",
        json.dumps({**body, "max_tokens": max_tokens, "temperature": 0}).encode(),
        {"Content-Type": "application/json"},
    )
    started = time.monotonic()
    with urllib.request.urlopen(request, timeout=600) as reply:
        answer = json.loads(reply.read())
    return time.monotonic() - started, answer["usage"]


def speed(base: str) -> str:
    """Prompt tokens/s from a one-token reply; generated tokens/s from a longer one, less
    its prompt's time at that rate."""
    _post(base, 1, "warm-up")  # the first request maps the model
    prompt_s, usage = _post(base, 1, "alpha")
    both_s, both = _post(base, 128, "bravo")
    prompt_rate = usage["prompt_tokens"] / prompt_s
    generated = both["completion_tokens"] - 1
    gen_rate = generated / max(both_s - both["prompt_tokens"] / prompt_rate, 1e-9)
    return (
        f"server speed: prompt {prompt_rate:.0f} tokens/s "
        f"({usage['prompt_tokens']} tokens in {prompt_s:.1f} s), generation "
        f"{gen_rate:.1f} tokens/s ({generated} tokens)"
    )


def run_task(config: Path, task: str, out: Path) -> dict[str, Any]:
    started = time.monotonic()
    shown = subprocess.run(
        [sys.executable, "-m", "rsi", "run-task", str(config), str(TASKS / task),
         "--strategy", str(STRATEGY), "--out", str(out), "--json"],
        cwd=ROOT, env=os.environ | ENV, capture_output=True, text=True, check=False,
    )  # fmt: skip
    wall = time.monotonic() - started
    if shown.returncode != 0:
        last = (shown.stderr.strip().splitlines() or ["?"])[-1]
        return {"wall_s": wall, "exit": shown.returncode, "stop": last}
    summary = json.loads(shown.stdout)
    stop = next((p for p in summary["phases"] if p["phase"] == "stop"), {})
    return {**summary, "wall_s": wall, "exit": 0, "stop": stop.get("reason", "")}


def search_stop(config: Path, run_dir: Path) -> str:
    """A small search (experiments/real_model/smollm2.toml's sizes) to its end or its
    health stop: the stop's cause and message, or how it ended."""
    shown = subprocess.run(
        [sys.executable, "-m", "rsi", "search", str(config), "--run-dir", str(run_dir)],
        cwd=ROOT, env=os.environ | ENV, capture_output=True, text=True, check=False,
    )  # fmt: skip
    events = [json.loads(line) for line in (run_dir / "events.jsonl").open()]
    halts = [e["data"] for e in events if e["type"] == "search_halted"]
    if halts:
        return (
            f"exit {shown.returncode}, health stop ({halts[-1].get('cause')}): "
            + str(halts[-1]["reason"])[:160]
        )
    return f"exit {shown.returncode}, no health stop; last event {events[-1]['type']}"


def mode_rows(base: str, home: Path, mode: str, tasks: list[str]) -> list[str]:
    rows = []
    with RecordingProxy(base) as proxy:
        replace = {"transport_retries = 0": f'transport_retries = 0\nstructured_output = "{mode}"'}
        config = lane_config(home / mode, proxy.base_url, replace)
        for task in tasks:
            before = len(proxy.completions())
            summary = run_task(config, task, home / mode / task)
            calls = proxy.completions()[before:]
            tally = summary.get("reply_format") or {}
            read, bad = int(tally.get("replies", 0)), int(tally.get("malformed", 0))
            share = f"{bad}/{read} malformed" if read else "no replies read"
            rows.append(
                f"  {mode:12} {task:28} {len(calls):3} calls, {share:18} "
                f"{summary['wall_s']:6.0f} s; stop: {str(summary['stop'])[:90]}"
            )
            print(rows[-1], flush=True)
        before = len(proxy.completions())
        stop = search_stop(config, home / mode / "search")
        rows.append(f"  {mode:12} search: {len(proxy.completions()) - before} calls, {stop}")
        print(rows[-1], flush=True)
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", default=",".join(DEFAULT_TASKS))
    parser.add_argument("--modes", default="prompt,json_object")
    args = parser.parse_args()
    home = ROOT / "runs" / "bench-real-model"
    shutil.rmtree(home, ignore_errors=True)  # a reply cache left there would answer for free
    home.mkdir(parents=True)
    load = os.getloadavg()[0]
    stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    print(
        f"# {stamp}, {os.cpu_count()} cores, load average {load:.1f} at the start; "
        "SmolLM2-135M-Instruct Q4_1 on llama-cpp-python's server"
    )
    with LlamaServer(log=home / "server.log") as server:
        print(speed(server.base_url), flush=True)
        for mode in args.modes.split(","):
            mode_rows(server.base_url, home, mode, args.tasks.split(","))
    return 0


if __name__ == "__main__":
    sys.exit(main())
