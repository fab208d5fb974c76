"""Which suite leaves the harness (paper Appendix D.4).

- single (A): the one pair's suite, if internally consistent.
- random-submission (B): one internally consistent suite drawn uniformly with a generator
  seeded by (seed, task id), fixed before evaluation.
- peer-cross-validation (C): approved, consistent suites ranked by witness support, the
  number of distinct consistent repairs (its own included) the suite passes; compatible
  approved suites with a common passing witness are merged, and the merge is validated
  afresh (fails on the initial program, passes on the common witness) before it can win.
  Agent suites merge too: each keeps its own entry script in a folder of its own.
No qualified suite means no submission: the task scores zero, as the paper's protocol says.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import PurePosixPath

from evaluators.runners.testhelix.cross_validation import Matrix, support, witnesses
from evaluators.runners.testhelix.model import HarnessStopped
from evaluators.runners.testhelix.session import Pair, Session
from evaluators.runners.testhelix.signatures import SourceFile
from evaluators.sandbox import Outcome


@dataclass(frozen=True)
class Selected:
    tests: list[SourceFile]
    source: str  # "pair<i>" or "merged:<i>+<j>..."
    support: int


MERGED_ENTRY = """#!/usr/bin/env bash
# A merged suite: each pair's suite runs from its own folder, as it was validated alone;
# the merged suite passes only when every one of them passes.
root="$TESTS_DIR"
status=0
for part in {parts}; do
    (cd "$APP_DIR" && TESTS_DIR="$root/$part" bash "$root/$part/run.sh") || status=1
done
exit $status
"""


def merged_tests(pairs: list[Pair]) -> list[SourceFile]:
    """Union of the suites' files, nothing colliding: pytest files renamed under their pair;
    agent suites (each its own `run.sh`, any language) kept whole in a folder `p<i>/` per
    pair, behind an entry script that runs each of them."""
    if any(file.path == "run.sh" for pair in pairs for file in pair.tests):
        return _merged_entries(pairs)
    files = []
    for pair in pairs:
        for file in pair.tests:
            path = PurePosixPath(file.path)
            files.append(
                SourceFile(
                    path=str(path.with_name(f"test_p{pair.index}_{path.name[5:]}")),
                    content=file.content,
                )
            )
    return files


def _merged_entries(pairs: list[Pair]) -> list[SourceFile]:
    parts = [f"p{pair.index}" for pair in pairs]
    files = [SourceFile.model_construct(path="run.sh", content=MERGED_ENTRY.replace(
        "{parts}", " ".join(parts)))]  # fmt: skip
    for part, pair in zip(parts, pairs, strict=True):
        files += [
            SourceFile.model_construct(path=f"{part}/{file.path}", content=file.content)
            for file in pair.tests
        ]
    return files


def _merge(session: Session, approved: list[Pair], matrix: Matrix) -> Selected | None:
    """The largest group of approved suites sharing a passing witness, validated fresh."""
    best: Selected | None = None
    for witness in session.consistent_pairs():
        group = [p for p in approved if matrix.get((p.index, witness.index), False)]
        if len(group) < 2:
            continue
        tests = merged_tests(group)
        on_initial = session.bench.check(tests, None, "merged:initial")
        on_witness = session.bench.check(tests, witness.repair, f"merged:peer:{witness.index}")
        valid = (
            on_initial.outcome is Outcome.FAIL
            and on_initial.reproducible
            and on_witness.outcome is Outcome.PASS
            and on_witness.reproducible
        )
        session.phases.append(
            {
                "phase": "merge",
                "pairs": [p.index for p in group],
                "witness": witness.index,
                "valid": valid,
            }
        )
        if not valid:
            continue
        # A merged suite passes a repair exactly when every suite in it does.
        common = set.intersection(*(witnesses(session, p, matrix) for p in group))
        candidate = Selected(tests, "merged:" + "+".join(str(p.index) for p in group), len(common))
        if best is None or len(group) > best.source.count("+") + 1:
            best = candidate
    return best


def select(session: Session, matrix: Matrix) -> Selected | None:
    consistent = session.consistent_pairs()
    if session.configuration == "single":
        chosen = consistent[:1]
        return Selected(chosen[0].tests, chosen[0].label, 1) if chosen else None
    if session.configuration == "random-submission":
        if not consistent:
            return None
        pick = random.Random(f"{session.seed}:{session.task.id}").choice(consistent)
        return Selected(pick.tests, pick.label, 1)
    approved = [p for p in consistent if p.approved]
    if not approved:
        return None
    ranked = sorted(approved, key=lambda p: (-support(session, p, matrix), p.index))
    best_single = Selected(ranked[0].tests, ranked[0].label, support(session, ranked[0], matrix))
    try:
        merged = _merge(session, approved, matrix)
    except HarnessStopped:  # past the wall cap: no merge is validated, the best suite stands
        merged = None
    if merged is not None and merged.support >= best_single.support:
        return merged
    return best_single
