"""Peer cross-validation (paper Section 3.2, Appendices C.2 and D.4, configuration C).

- Cross-execution: every consistent pair's suite runs on every other consistent repair.
- Semantic review: an independent reviewer sees the requirement, the initial source, the
  tests and bounded execution symptoms, never a generated repair. A blocking finding
  counts only when its evidence is a verbatim quote of public material (the host checks);
  a suite is approved when no verified blocking finding remains.
- Corrective feedback: a suite with verified findings, or one that rejects a peer repair
  every other approved suite accepts (a counterexample), is revised and re-qualified.
- Differential challenge, one step per task: the first time two distinct repairs pass
  every approved suite and both their pairs' suites passed review, the model is asked
  for tests on which the requirement separates them; they join the best approved suite
  (most witness support, `best_approved`).
Revised suites are executed and reviewed afresh in the next round.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import combinations

from evaluators.runners.testhelix.context import program_budget, program_text, strategy_text
from evaluators.runners.testhelix.execution import render_files
from evaluators.runners.testhelix.prompts import prompt
from evaluators.runners.testhelix.session import Pair, Session
from evaluators.runners.testhelix.signatures import (
    ChallengeRepairs,
    ChallengeTests,
    Review,
    ReviewSuite,
    SourceFile,
)
from evaluators.runners.testhelix.synthesis import (
    GENERATION_MAX_TOKENS,
    check_consistency,
    refine_until_consistent,
    write_pair,
)
from evaluators.sandbox import Outcome
from search_space import Component

Matrix = dict[tuple[int, int], bool]  # (suite pair, repair pair) -> the suite passed
SYMPTOM_CHARS = 2_000


def cross_execute(session: Session, round_number: int) -> Matrix:
    """Each consistent suite on each other consistent pair's repair."""
    pairs = session.consistent_pairs()
    matrix: Matrix = {}
    for suite in pairs:
        for peer in pairs:
            if peer.index == suite.index:
                matrix[(suite.index, peer.index)] = True  # consistency: passes its own repair
                continue
            check = session.bench.check(suite.tests, peer.repair, f"peer:{peer.index}")
            session.record_check(suite, check)
            matrix[(suite.index, peer.index)] = check.outcome is Outcome.PASS
    session.phases.append(
        {
            "phase": "cross-execution",
            "round": round_number,
            "matrix": {f"{s}->{r}": ok for (s, r), ok in sorted(matrix.items())},
        }
    )
    return matrix


def _normalised(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().lower()


def public_evidence(session: Session) -> str:
    """Everything a blocking finding may quote: the requirement and the public source."""
    parts = [session.task.instruction]
    for item in session.task.files:
        parts.append(item.content.decode("utf-8", errors="replace"))
    return _normalised("\n".join(parts))


def verify(findings: Review, evidence: str) -> list[dict[str, object]]:
    """Each finding with `verified`: blocking, with a quote found verbatim in public text."""
    checked = []
    for finding in findings.findings:
        quote = _normalised(finding.evidence)
        verified = finding.blocking and len(quote) >= 8 and quote in evidence
        checked.append(
            {
                "test": finding.test,
                "blocking": finding.blocking,
                "verified": verified,
                "problem": finding.problem[:300],
            }
        )
    return checked


def symptoms(session: Session, pair: Pair, matrix: Matrix) -> str:
    """Bounded execution symptoms: outcomes and failing tests, never a repair's code."""
    lines = []
    if pair.initial is not None:
        # An agent suite's own run.sh reports no per-test results: its outcome alone.
        failing = f", failing {pair.initial.failing}" if pair.initial.failing else ""
        lines.append(f"initial program: {pair.initial.outcome.value}{failing}")
    for peer in session.consistent_pairs():
        if peer.index != pair.index and not matrix.get((pair.index, peer.index), True):
            failing = peer_failing(session, pair, peer)
            lines.append(f"an independent implementation is rejected by: {failing}")
    return "\n".join(lines)[:SYMPTOM_CHARS]


def peer_failing(session: Session, pair: Pair, peer: Pair) -> str:
    for check in reversed(session.checks):
        if check["pair"] == pair.index and check["target"] == f"peer:{peer.index}":
            return ", ".join(check["failing"]) or "(whole suite)"  # type: ignore[arg-type]
    return "(unknown)"


def review(session: Session, pair: Pair, matrix: Matrix, round_number: int) -> None:
    """Independent semantic review of the pair's current suite (once per version)."""
    if pair.reviewed_version == pair.version:
        return
    strategy, task = session.strategy, session.task
    shown = strategy_text(
        strategy, task, Component.REVIEW, checkpoint=symptoms(session, pair, matrix)
    )
    instructions = prompt("review") + ("\n\n" + shown.text if shown.text else "")
    tests = render_files(pair.tests, strategy.context_tokens * 2)
    shown_symptoms = symptoms(session, pair, matrix)
    budget = program_budget(strategy, instructions, task.instruction, tests, shown_symptoms)
    result = session.model.ask(
        "review",
        ReviewSuite,
        max_tokens=strategy.review_max_output_tokens,
        brief=instructions,
        requirement=task.instruction,
        program=program_text(task, budget),
        tests=tests,
        symptoms=shown_symptoms,
    )
    pair.reviewed_version = pair.version
    # A review that never came back approves nothing: approval needs a reviewer's verdict.
    pair.findings = verify(result, public_evidence(session)) if isinstance(result, Review) else []
    pair.approved = isinstance(result, Review) and not any(f["verified"] for f in pair.findings)
    session.phases.append(
        {
            "phase": "review",
            "pair": pair.index,
            "round": round_number,
            "version": pair.version,
            "answered": isinstance(result, Review),
            "approved": pair.approved,
            "findings": pair.findings,
            "checks": list(result.checks) if isinstance(result, Review) else [],
            "skill": shown.skill,
        }
    )


def witnesses(session: Session, pair: Pair, matrix: Matrix) -> set[str]:
    """Distinct consistent repairs (its own included) the pair's suite passes."""
    return {
        peer.witness
        for peer in session.consistent_pairs()
        if matrix.get((pair.index, peer.index), peer.index == pair.index)
    }


def support(session: Session, pair: Pair, matrix: Matrix) -> int:
    """Witness support: the number of distinct consistent repairs the suite passes."""
    return len(witnesses(session, pair, matrix))


def best_approved(session: Session, matrix: Matrix) -> Pair:
    """The approved suite with the most witness support (the lowest index on a tie): the
    one a differential challenge extends (paper D.4) and selection ranks first."""
    approved = [p for p in session.consistent_pairs() if p.approved]
    return min(approved, key=lambda p: (-support(session, p, matrix), p.index))


def counterexamples(session: Session, pair: Pair, matrix: Matrix) -> list[Pair]:
    """Peer repairs this suite rejects although every other approved suite accepts them."""
    approved = [p for p in session.consistent_pairs() if p.approved and p.index != pair.index]
    found = []
    for peer in session.consistent_pairs():
        if peer.index == pair.index or matrix.get((pair.index, peer.index), True):
            continue
        if approved and all(matrix.get((other.index, peer.index), False) for other in approved):
            found.append(peer)
    return found


@dataclass(frozen=True)
class Feedback:
    """The corrective feedback a pair is owed (structured and agent pairs alike)."""

    lines: tuple[str, ...]  # empty when it is owed none
    findings: int  # verified blocking findings
    counterexamples: tuple[int, ...]  # peer repairs its suite alone rejects


def feedback_for(session: Session, pair: Pair, matrix: Matrix) -> Feedback:
    """Its verified blocking findings and the peer repairs its suite alone rejects."""
    blocking = [f for f in pair.findings if f["verified"]]
    peers = counterexamples(session, pair, matrix)
    lines = [f"Blocking finding on {f['test']}: {f['problem']}" for f in blocking]
    lines += [
        f"An independent repair passes every other approved suite but fails yours at: "
        f"{peer_failing(session, pair, peer)}"
        for peer in peers
    ]
    return Feedback(tuple(lines), len(blocking), tuple(p.index for p in peers))


def give_feedback(session: Session, pair: Pair, matrix: Matrix, round_number: int) -> bool:
    """Revise a pair with verified findings or counterexamples; True if it changed."""
    owed = feedback_for(session, pair, matrix)
    if not owed.lines:
        return False
    feedback = prompt("feedback") + "\n\n" + "\n".join(owed.lines)
    pair.begin_round()
    before = pair.version
    # An approved suite is replaced only once its revision requalifies (paper D.4).
    saved = (pair.draft, pair.initial, pair.own, pair.version, pair.reviewed_version)
    kept = False
    if write_pair(session, pair, template="feedback", feedback=feedback):
        refine_until_consistent(session, pair, round_number=round_number)
        if pair.approved and not pair.consistent:
            pair.draft, pair.initial, pair.own, pair.version, pair.reviewed_version = saved
            kept = True
    session.phases.append(
        {
            "phase": "feedback",
            "pair": pair.index,
            "round": round_number,
            "findings": owed.findings,
            "counterexamples": list(owed.counterexamples),
            "revised": pair.version != before,
            "consistent": pair.consistent,
            **({"kept_approved": True} if kept else {}),
        }
    )
    return pair.version != before


def undistinguished(session: Session, matrix: Matrix) -> tuple[Pair, Pair] | None:
    """The two repairs a differential challenge separates, when the task's one challenge
    step is still due (paper C.3.4, D.4): two distinct repairs that pass every approved
    suite, of two pairs whose own suites both passed review. None once the task's
    challenge has run (`Session.challenged`)."""
    if session.challenged:
        return None
    approved = [p for p in session.consistent_pairs() if p.approved]
    passing = [p for p in approved if all(matrix.get((s.index, p.index), False) for s in approved)]
    for a, b in combinations(passing, 2):
        if a.witness != b.witness:
            return a, b
    return None


def challenge(session: Session, matrix: Matrix, round_number: int) -> bool:
    """Differential challenge: tests separating two repairs join the best approved suite."""
    found = undistinguished(session, matrix)
    if found is None:
        return False
    session.challenged = True
    a, b = found
    target = best_approved(session, matrix)
    strategy, task = session.strategy, session.task
    limit = strategy.tool_output_chars
    repairs = (
        f"Repair A:\n{render_files(a.repair, limit)}\n\nRepair B:\n{render_files(b.repair, limit)}"
    )
    suite = render_files(target.tests, limit)
    instructions = prompt("challenge")
    budget = program_budget(strategy, instructions, task.instruction, repairs, suite)
    result = session.model.ask(
        "challenge",
        ChallengeRepairs,
        max_tokens=GENERATION_MAX_TOKENS,
        brief=instructions,
        requirement=task.instruction,
        program=program_text(task, budget),
        repairs=repairs,
        suite=suite,
    )
    added = result.tests if isinstance(result, ChallengeTests) else []
    kept = False
    if added and target.draft is not None:
        saved = (target.draft, target.initial, target.own, target.version)
        names = {f.path for f in saved[0].tests}
        extra = [SourceFile(path=_fresh(f.path, names), content=f.content) for f in added]
        target.draft = saved[0].model_copy(update={"tests": [*saved[0].tests, *extra]})
        target.version += 1
        check_consistency(session, target)
        kept = target.consistent and separates(session, target, a, b)
        if not kept:  # tests that break consistency or do not separate A and B are dropped
            target.draft, target.initial, target.own, target.version = saved
    session.phases.append(
        {
            "phase": "challenge",
            "round": round_number,
            "repairs": [a.index, b.index],
            "into": target.index,
            "tests": len(added),
            "kept": kept,
        }
    )
    return kept


def separates(session: Session, target: Pair, a: Pair, b: Pair) -> bool:
    """The extended suite passes exactly one of the two repairs it was written for."""
    outcomes = [
        session.record_check(target, session.bench.check(target.tests, p.repair, f"peer:{p.index}"))
        for p in (a, b)
    ]
    return (outcomes[0].outcome is Outcome.PASS) != (outcomes[1].outcome is Outcome.PASS)


def _fresh(path: str, taken: set[str]) -> str:
    stem, _, suffix = path.rpartition(".")
    candidate, n = path, 1
    while candidate in taken:
        candidate = f"{stem}_challenge{n}.{suffix}"
        n += 1
    taken.add(candidate)
    return candidate


def cross_validate(session: Session) -> Matrix:
    """Rounds of execution, review, feedback and challenges up to `maxRounds`."""
    matrix: Matrix = {}
    for round_number in range(1, session.strategy.max_rounds + 1):
        matrix = cross_execute(session, round_number)
        for pair in session.consistent_pairs():
            review(session, pair, matrix, round_number)
        if round_number == session.strategy.max_rounds:
            break
        changed = False
        for pair in session.consistent_pairs():
            changed |= give_feedback(session, pair, matrix, round_number + 1)
        changed |= challenge(session, matrix, round_number + 1)
        if not changed:
            session.stop_reason = session.stop_reason or f"converged in round {round_number}"
            break
    return matrix
