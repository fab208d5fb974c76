"""Does reading the traces help the optimizer? The reflective proposer's agent sessions on
the noisy offline world (quickstart config, scripted author at `--noise`), with one scripted
tool-using optimizer model served by the local LLM server, run twice per seed:

- reading: the diagnosis workspace holds the parent's traces (the default);
- blind: the same model, its workspace holding no `trace/` files (`with_traces=False`).

The model diagnoses like the offline heuristic proposer (`rsi.proposers.heuristic.diagnose`),
but only from what it read through its tools: it lists `tasks/`, reads `strategy.json`,
`space.json`, `dag.json` and every task's `outcome.json` and trace parts, and proposes the best
suggestion the host accepts (after a refusal, it tries the next one). When it has no
suggestion (the blind workspace holds no traces), it raises the round's scalar in a fixed
order. Prints, per seed and arm: the characters of trace the diagnosis sessions read
(per session and per minibatch task, compared with what the old single-request prompt held
per task: `batch_chars` 12,000 over the minibatch, and about 480 for the paper's 25), the
rounds until the first kept child, and the gate's result.

The summary gives each arm's mean release gain and rounds to the first kept child with a
95% t-interval over seeds, and the reading-minus-blind gain paired by seed; it is printed
after every seed too, so a run stopped early still reports what it has.

Usage: python experiments/benchmarks/optimizer_reading.py [--seeds 1-10] [--noise 0.1]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("MLFLOW_DISABLE_TELEMETRY", "true")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # the sibling landscape.py

from landscape import MemoSandbox, SharedMemo, offline_services  # noqa: E402

from evaluators.llm import LlmSettings, ResponseCache, UsageCaps, UsageMeter  # noqa: E402
from evaluators.sandbox import make_sandbox  # noqa: E402
from rsi.config import ExperimentConfig, load_config  # noqa: E402
from rsi.engine import Engine  # noqa: E402
from rsi.journal import ProposerUsage, SearchState  # noqa: E402
from rsi.proposers import (  # noqa: E402
    PastAttempt,
    ProposalContext,
    ReflectiveProposer,
    SessionSteps,
    TaskFeedback,
)
from rsi.proposers.heuristic import diagnose  # noqa: E402
from search_space import SearchSpace, Strategy  # noqa: E402
from tests.support.llm_server import LocalLlmServer, ToolUse  # noqa: E402
from tests.support.optimizer_model import offered, rule_parent, start_text  # noqa: E402

FALLBACK = ("agentSteps", "contextTokens", "maxRounds", "toolOutputChars", "repairSteps")
OLD_BATCH_CHARS = 12_000
ROUNDS_IF_NONE = 6  # the quickstart completes 5 rounds
# Student's t 97.5% quantiles by degrees of freedom (a 95% two-sided interval).
T975 = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26,
        10: 2.23, 11: 2.20, 12: 2.18, 14: 2.14, 19: 2.09}  # fmt: skip
UNCAPPED = UsageCaps(calls=10**6, input_tokens=10**12, output_tokens=10**12, wall_s=1e9)


def _use(step: int, name: str, arguments: dict[str, Any]) -> ToolUse:
    return ToolUse(calls=((f"call_{step}", name, arguments),))


def _conversation(body: dict[str, Any]) -> list[tuple[str, dict[str, Any], str]]:
    """(tool, arguments, output) of every call so far (OpenAI format)."""
    outputs = {
        m["tool_call_id"]: str(m["content"]) for m in body["messages"] if m["role"] == "tool"
    }
    calls = []
    for message in body["messages"]:
        for call in message.get("tool_calls") or []:
            function = call["function"]
            arguments = json.loads(function["arguments"] or "{}")
            calls.append((function["name"], arguments, outputs.get(call["id"], "")))
    return calls


class HeuristicReader:
    """The scripted optimizer of the module docstring (a `LocalLlmServer` responder)."""

    def __call__(self, body: dict[str, Any]) -> str | ToolUse:
        tools = offered(body)
        done = _conversation(body)
        if "choose_parent" in tools:
            if not done:
                return _use(0, "read_file", {"path": "dag.json"})
            reason = "the rule's parent"
            return _use(1, "choose_parent", {"parent_id": rule_parent(body), "field": "agentSteps",
                                             "reason": reason})  # fmt: skip
        if "record_insight" in tools:
            return _use(len(done), "submit", {})
        if "propose_edit" in tools:
            return self._diagnosis(body, done)
        return "ok"

    def _diagnosis(
        self, body: dict[str, Any], done: list[tuple[str, dict[str, Any], str]]
    ) -> ToolUse:
        step = len(done)
        wanted = ["strategy.json", "space.json", "dag.json"]
        if step == 0:
            return _use(0, "list_files", {"path": "tasks"})
        listing = re.findall(r"^(\S+) \(", done[0][2], re.MULTILINE)
        wanted += [p for p in listing if p.endswith("outcome.json") or "/trace/" in p]
        read = {args.get("path"): out for name, args, out in done if name == "read_file"}
        missing = [path for path in wanted if path not in read]
        if missing:
            return _use(step, "read_file", {"path": missing[0]})
        if any(name == "propose_edit" and out.startswith("accepted") for name, _, out in done):
            return _use(step, "submit", {})
        refused = sum(1 for name, _, _ in done if name == "propose_edit")
        edits = [s.edit for s in diagnose(_context(read, body))]
        if refused < len(edits):
            edit = edits[refused]
        else:
            round_number = int(re.search(r"Round (\d+)", start_text(body)).group(1))  # type: ignore[union-attr]
            field = FALLBACK[(round_number + refused - len(edits)) % len(FALLBACK)]
            space = json.loads(read["space.json"])["mutable"].get(field, {})
            higher = [v for v in space.get("allowed", []) if v > space.get("now", 0)]
            edit = {"op": "set_scalar", "field": field, "value": (higher or [space["now"]])[0]}
        return _use(step, "propose_edit", {"edit": edit, "rationale": "from what I read",
                                           "evidence": []})  # fmt: skip


def _context(read: dict[str, str], body: dict[str, Any]) -> ProposalContext:
    """A proposal context rebuilt from the files the model read (nothing else)."""
    space_file = json.loads(read["space.json"])
    ranges = {f: tuple(v["allowed"]) for f, v in space_file["mutable"].items() if "allowed" in v}
    space = SearchSpace(ranges=ranges, frozen=tuple(space_file["frozen"]))
    feedback = []
    for path, text in read.items():
        if not path.endswith("/outcome.json"):
            continue
        outcome = json.loads(text)
        folder = path.rsplit("/", 1)[0] + "/trace/"
        trace = {  # the trajectory's parts: JSON ones, and the runner's tool output as text
            p[len(folder) : -5]: json.loads(t)
            for p, t in read.items()
            if p.startswith(folder) and p.endswith(".json")
        }
        if folder + "tool_output.txt" in read:
            trace["tool_output"] = read[folder + "tool_output.txt"]
        feedback.append(
            TaskFeedback(outcome["task_id"], outcome["context"], "", outcome["solved"],
                         outcome["suite_on_initial_program"], outcome["suite_on_correct_program"],
                         outcome["runner_error"], trace)
        )  # fmt: skip
    history = tuple(
        PastAttempt(n["round"], n.get("field"), n.get("edit"), n["proposer"],
                    "rejected" if n["fate"] == "rejected" else
                    "kept" if n["fate"] == "kept" else "screen-failed",
                    n["reason"], n.get("child_successes", 0) - n.get("parent_successes", 0),
                    n.get("regressions", 0))
        for n in json.loads(read["dag.json"]) if n["fate"] not in ("initial", "pending")
    )  # fmt: skip
    parent = Strategy.model_validate(json.loads(read["strategy.json"]))
    return ProposalContext(0, 0, 0, "", parent, tuple(feedback), history, (), space)


def variant(
    config: ExperimentConfig, seed: int, runs: Path, noise: float, base: str
) -> ExperimentConfig:
    data = config.model_dump()
    data["experiment"].update(seed=seed, runs_dir=runs)
    data["proposers"]["stack"] = ("reflective",)
    data["proposers"]["reflective"].update(model="openai/local-model", api_base=base)
    data["mlflow"]["enabled"] = False
    data["runner"]["scripted"] = {**data["runner"].get("scripted", {}), "noise": noise}
    return ExperimentConfig.model_validate(data)


def measure(state: SearchState, minibatch: int) -> dict[str, Any]:
    diagnosis = [
        u for u in state.usage if isinstance(u, ProposerUsage) and u.session == "diagnosis"
    ]
    read = [u.trace_chars for u in diagnosis]
    kept_rounds = [c.round for c in state.candidates.values() if c.parent_id is not None]
    promote = bool(state.gate.report["promote"]) if state.gate else False
    gain = float(state.gate.report["diff_pp"]) if state.gate else 0.0
    return {
        "sessions": len(read),
        "trace_chars_per_session": sum(read) / len(read) if read else 0.0,
        "per_task": sum(read) / len(read) / minibatch if read else 0.0,
        "first_kept_round": min(kept_rounds) if kept_rounds else None,
        "kept": len(kept_rounds),
        "promote": promote,
        "gain_pp": gain,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", type=Path, default=ROOT / "experiments/quickstart.toml")
    parser.add_argument("--seeds", default="1-4")
    parser.add_argument("--noise", type=float, default=0.1)
    args = parser.parse_args()
    memo = SharedMemo(by_seed=args.noise > 0)
    memo.install()
    sandbox = MemoSandbox(make_sandbox("local"))
    first, last = (int(x) for x in args.seeds.split("-"))
    config = load_config(args.config)
    started = time.monotonic()
    totals: dict[str, list[dict[str, Any]]] = {"reading": [], "blind": []}
    with (
        LocalLlmServer(responder=HeuristicReader()) as server,
        tempfile.TemporaryDirectory(prefix="rsi-reading-") as home,
    ):
        settings = LlmSettings.model_validate(
            {"model": "openai/local-model", "api_base": server.openai_base}
        )
        for seed in range(first, last + 1):
            for arm in totals:
                runs = Path(home) / arm / str(seed)
                searched = variant(config, seed, runs, args.noise, server.openai_base)
                services = offline_services(
                    searched.experiment.tasks, seed=seed, noise=args.noise, sandbox=sandbox
                )
                proposer = ReflectiveProposer(
                    settings, UsageMeter(UNCAPPED, "optimizer"),
                    ResponseCache(runs / "run" / "llm_cache"), steps=SessionSteps(diagnosis=80),
                    known_task_ids=services.tasks.ids, workspaces=runs / "run" / "workspaces",
                    with_traces=arm == "reading",
                )  # fmt: skip
                engine = Engine(
                    searched, runs / "run", services=services, proposer=proposer,
                    override_consumed_release=True, model_check=False,
                )  # fmt: skip
                result = measure(engine.run(), searched.search.minibatch)
                totals[arm].append(result)
                print(f"  {arm:7} seed {seed}: {json.dumps(result)}", flush=True)
            if seed > first:  # the summary so far, so a stopped run still reports
                summarize(totals)
    minibatch = config.search.minibatch
    print(f"old prompt: {OLD_BATCH_CHARS // minibatch} trace+text chars per task at minibatch "
          f"{minibatch} (about 480 at the paper's 25)")  # fmt: skip
    summarize(totals)
    print(f"noise {args.noise}; elapsed {time.monotonic() - started:.0f} s")


def interval(values: list[float]) -> tuple[float, float, float]:
    """The mean and its 95% t-interval (two-sided)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, float("nan"), float("nan")
    spread = (sum((v - mean) ** 2 for v in values) / (n - 1)) ** 0.5
    half = T975.get(n - 1, 1.96) * spread / n**0.5
    return mean, mean - half, mean + half


def summarize(totals: dict[str, list[dict[str, Any]]]) -> None:
    """Per arm: what was read, kept and gained; then the paired gain difference."""
    for arm, results in totals.items():
        kept = [r["first_kept_round"] for r in results if r["first_kept_round"] is not None]
        per_task = sum(r["per_task"] for r in results) / len(results)
        print(
            f"{arm}: trace chars read per diagnosis session "
            f"{sum(r['trace_chars_per_session'] for r in results) / len(results):.0f} "
            f"({per_task:.0f} per task); a child kept in {len(kept)} of {len(results)} seeds, "
            f"first at round {sum(kept) / len(kept) if kept else float('nan'):.1f} on average; "
            f"promoted in {sum(r['promote'] for r in results)} of {len(results)}, mean gain "
            f"{sum(r['gain_pp'] for r in results) / len(results):+.1f} pp"
        )
        mean, low, high = interval([r["gain_pp"] for r in results])
        # A seed that kept nothing counts at the round after the last (it never got there).
        rounds = [float(r["first_kept_round"] or ROUNDS_IF_NONE) for r in results]
        first, first_low, first_high = interval(rounds)
        print(
            f"  {arm}: release gain {mean:+.1f} pp (95% CI {low:+.1f} to {high:+.1f}); rounds "
            f"to the first kept child {first:.1f} (95% CI {first_low:.1f} to {first_high:.1f}; "
            f"{ROUNDS_IF_NONE} where none was kept)"
        )
    pairs = list(zip(totals["reading"], totals["blind"], strict=False))
    if pairs:
        mean, low, high = interval([a["gain_pp"] - b["gain_pp"] for a, b in pairs])
        print(
            f"reading minus blind, paired by seed ({len(pairs)} seeds): release gain "
            f"{mean:+.1f} pp (95% CI {low:+.1f} to {high:+.1f})"
        )


if __name__ == "__main__":
    main()
