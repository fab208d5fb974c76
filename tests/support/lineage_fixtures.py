"""Hand-written journals and MLflow store snapshots for the lineage and registry tests.

`write_journal` appends, through the real `Journal`, the events a three-round search
records: the initial candidate S0 kept; round 1 keeps S1 (child of S0); round 2 rejects one
proposal and discards child S2 (both under S1); round 3 keeps S3 (child of S1), the
champion; then the gate, passed or failed as asked.
"""

from __future__ import annotations

import hashlib
import json
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mlflow import MlflowClient

from rsi.config import CONFIG_FILE, ExperimentConfig
from rsi.journal import (
    CandidateKept,
    ChampionFrozen,
    ChildProposed,
    DevScored,
    Evaluation,
    GateDecided,
    Journal,
    ProposalRejected,
    Reflection,
    RoundCompleted,
    RoundStarted,
    RunStarted,
    Screened,
    SearchStopped,
    SplitRecorded,
    evaluation_op,
)
from rsi.release import run_gate
from search_space import SearchSpace, Strategy, apply, parse_edit, strategy_id

ROOT = Path(__file__).resolve().parents[2]
INITIAL = Strategy.model_validate_json((ROOT / "experiments/strategies/initial.json").read_text())
PROPOSAL = ("p1", "p2", "p3", "p4", "p5", "p6")
DEV = ("d1", "d2")
RELEASE = ("r1", "r2", "r3", "r4", "r5")


@dataclass(frozen=True)
class Lineage:
    """The ids of the journal's strategies."""

    s0: str
    s1: str
    s2: str
    s3: str

    @property
    def parents(self) -> dict[str, str | None]:
        """Kept candidates and their parents: the journal's DAG."""
        return {self.s0: None, self.s1: self.s0, self.s3: self.s1}


def child_of(parent: Strategy, field: str, value: int) -> tuple[Strategy, dict[str, Any]]:
    edit = {"op": "set_scalar", "field": field, "value": value}
    return apply(parent, parse_edit(edit), space=SearchSpace()), edit


def write_config(run_dir: Path, *, experiment: str, tracking_uri: str) -> None:
    config = ExperimentConfig.model_validate(
        {
            "experiment": {
                "name": experiment,
                "tasks": str(ROOT / "experiments/tasks"),
                "initial_strategy": str(ROOT / "experiments/strategies/initial.json"),
                "runs_dir": str(run_dir.parent),
            },
            "data": {"proposal": 6, "dev": 2, "release": 5},
            "search": {"minibatch": 2, "completed_rounds": 3, "max_attempts": 5},
            "mlflow": {"tracking_uri": tracking_uri},
        }
    )
    run_dir.mkdir(parents=True, exist_ok=True)
    (run_dir / CONFIG_FILE).write_text(json.dumps(config.model_dump(mode="json"), indent=2))


class _Writer:
    def __init__(self, journal: Journal) -> None:
        self.journal = journal

    def evaluate(self, sid: str, task: str, purpose: str, success: bool) -> None:
        self.journal.append(
            evaluation_op(purpose, sid, task, 42),
            Evaluation(
                strategy_id=sid,
                task_id=task,
                seed=42,
                purpose=purpose,  # type: ignore[arg-type]
                success=success,
                initial_outcome="fail" if success else "pass",
                reference_outcome="pass",
                trace={"checks": [{"outcome": "fail" if success else "pass", "tests": 3}]},
            ),
        )

    def keep(self, child: Strategy, parent: str | None, r: int, edit: dict | None) -> str:
        sid = strategy_id(child)
        self.journal.append(
            f"keep:{sid}",
            CandidateKept(
                strategy_id=sid,
                parent_id=parent,
                round=r,
                strategy=child.to_json_dict(),
                edit=edit,
                proposer="heuristic" if edit else None,
            ),
        )
        for task in DEV:
            self.evaluate(sid, task, "dev", True)
        self.journal.append(
            f"dev:{sid}", DevScored(strategy_id=sid, rar=1.0, successes=len(DEV), n=len(DEV))
        )
        return sid

    def round(
        self, r: int, parent: Strategy, child: Strategy, edit: dict, *, passed: bool, why: str
    ) -> str:
        pid, cid = strategy_id(parent), strategy_id(child)
        tasks = PROPOSAL[2 * (r - 1) : 2 * r]
        self.journal.append(f"round:{r}:start", RoundStarted(round=r, parent_id=pid, tasks=tasks))
        for task in tasks:
            self.evaluate(pid, task, "train", task == tasks[0])
        attempt = 1
        if r == 2:
            self.journal.append(
                f"round:{r}:attempt:1:rejected",
                ProposalRejected(
                    round=r,
                    attempt=1,
                    parent_id=pid,
                    proposer="heuristic",
                    field="maxRounds",
                    edit={"op": "set_scalar", "field": "maxRounds", "value": 9},
                    reason="out_of_range",
                    message="maxRounds: 9 is not one of [2, 3]",
                ),
            )
            attempt = 2
        self.journal.append(
            f"round:{r}:attempt:{attempt}:child",
            ChildProposed(
                round=r,
                attempt=attempt,
                parent_id=pid,
                child_id=cid,
                proposer="heuristic",
                field=edit["field"],
                edit=edit,
                rationale=why,
                strategy=child.to_json_dict(),
            ),
        )
        for task in tasks:
            self.evaluate(cid, task, "train", passed or task == tasks[0])
        self.journal.append(
            f"round:{r}:screen",
            Screened(
                round=r,
                parent_id=pid,
                child_id=cid,
                parent_successes=1,
                child_successes=2 if passed else 1,
                regressions=0,
                passed=passed,
                reason="strict gain (1 -> 2)" if passed else "no strict gain (1 vs 1)",
            ),
        )
        if passed:
            self.keep(child, pid, r, edit)
        verdict = "kept" if passed else "discarded"
        self.journal.append(
            f"round:{r}:reflection", Reflection(round=r, insight=f"round {r}: {why}; {verdict}")
        )
        self.journal.append(
            f"round:{r}:done", RoundCompleted(round=r, attempts=attempt, kept=passed)
        )
        return cid


def write_journal(
    run_dir: Path,
    *,
    experiment: str = "lineage-test",
    promote: bool = True,
    rationale: str = "the parent ran out of agent steps",
) -> Lineage:
    """Write the three-round journal (the gate passes iff `promote`); return its ids."""
    journal = Journal(run_dir)
    writer = _Writer(journal)
    try:
        journal.append(
            "run:start",
            RunStarted(run_id=run_dir.name, experiment=experiment, config_hash="c0ffee", seed=42),
        )
        roles = {"proposal": PROPOSAL, "dev": DEV, "release": RELEASE}
        hashes = {role: f"{role}-hash" for role in roles}
        journal.append("split", SplitRecorded(seed=42, roles=roles, hashes=hashes))
        s0 = writer.keep(INITIAL, None, 0, None)
        one, edit1 = child_of(INITIAL, "agentSteps", 14)
        s1 = writer.round(1, INITIAL, one, edit1, passed=True, why=rationale)
        two, edit2 = child_of(one, "contextTokens", 24000)
        s2 = writer.round(2, one, two, edit2, passed=False, why="more context should help")
        three, edit3 = child_of(one, "maxRounds", 3)
        s3 = writer.round(3, one, three, edit3, passed=True, why="a second repair round")
        journal.append("stop:3:4", SearchStopped(reason="completed 3 rounds"))
        journal.append(
            "freeze",
            ChampionFrozen(
                strategy_id=s3, dev_rar=1.0, sha256="0" * 64, strategy=three.to_json_dict()
            ),
        )
        baseline = [False] * 5 if promote else [True, False, False, False, False]
        challenger = [True] * 5 if promote else [False, True, False, False, False]
        report = run_gate(baseline, challenger, alpha=0.05, seed=42, resamples=1000)
        journal.append(
            "gate:release-hash",
            GateDecided(
                challenger_id=s3,
                baseline_id=s0,
                release_hash="release-hash",
                override=False,
                report=report.to_json_dict(),
            ),
        )
    finally:
        journal.close()
    return Lineage(s0, s1, s2, s3)


def snapshot(client: MlflowClient, experiment: str, run_id: str) -> dict[str, dict[str, Any]]:
    """A store's runs for one search, keyed by node, with run ids replaced by node keys.

    Two stores that hold the same projection give equal snapshots.
    """
    experiment_id = client.get_experiment_by_name(experiment).experiment_id  # type: ignore[union-attr]
    runs = client.search_runs([experiment_id], filter_string=f"tags.`rsi.run_id` = '{run_id}'")
    node_of = {run.info.run_id: run.data.tags["rsi.node"] for run in runs}
    result: dict[str, dict[str, Any]] = {}
    for run in runs:
        tags = dict(run.data.tags)
        parent = tags.pop("mlflow.parentRunId", None)
        result[node_of[run.info.run_id]] = {
            "parent": node_of.get(parent) if parent else None,
            "status": run.info.status,
            "start": run.info.start_time,
            "tags": tags,
            "params": dict(run.data.params),
            "metrics": dict(run.data.metrics),
            "metric_points": {
                key: len(client.get_metric_history(run.info.run_id, key))
                for key in run.data.metrics
            },
            "artifacts": artifact_texts(client, run.info.run_id),
        }
    assert len(result) == len(runs), "two runs share a node"
    return result


def artifact_texts(client: MlflowClient, run_id: str) -> dict[str, str]:
    """Every artifact file of a run, path -> text (a binary file, such as a report's PNG
    figure, -> `sha256:<digest>`)."""
    texts: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as folder:
        local = Path(client.download_artifacts(run_id, "", folder))
        for path in sorted(local.rglob("*")):
            if path.is_file():
                raw = path.read_bytes()
                try:
                    text = raw.decode("utf-8")
                except UnicodeDecodeError:
                    text = "sha256:" + hashlib.sha256(raw).hexdigest()
                texts[str(path.relative_to(local))] = text
    return texts
