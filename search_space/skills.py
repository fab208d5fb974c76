"""The fixed library of 12 curated skills a skill route may name.

Generation skills steer how candidate tests are written; review skills steer the review
pass: a route's `skill` names a generation skill, its `reviewSkill` a review skill, and
neither kind is ever routed to the other's turns.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class SkillRole(str, Enum):
    GENERATION = "generation"
    REVIEW = "review"


@dataclass(frozen=True)
class Skill:
    """A curated skill: `purpose` is its one line (shown when routed), `method` the steps
    an agent gets when it loads the skill (`load_skill`)."""

    name: str
    role: SkillRole
    purpose: str
    method: str = ""

    def text(self) -> str:
        """The library's whole text for this skill, as `load_skill` returns it."""
        role = "review" if self.role is SkillRole.REVIEW else "test generation"
        return f"Skill {self.name} ({role}): {self.purpose}\n{self.method}".rstrip()


SKILLS: tuple[Skill, ...] = (
    Skill(
        "boundary-inputs",
        SkillRole.GENERATION,
        "Probe empty, single, maximal and off-by-one inputs named or implied by the spec.",
        (
            "1. List every input the requirement names and its stated limits.\n"
            "2. Test the empty, the single, the largest and the just-outside value of each.\n"
            "3. Assert only what the requirement says happens at each boundary."
        ),
    ),
    Skill(
        "error-contracts",
        SkillRole.GENERATION,
        "Assert the documented exception types and messages for invalid input, no more.",
        (
            "1. Find the failures the requirement documents (invalid input, missing data).\n"
            "2. Assert the documented exception type or exit status, not its wording.\n"
            "3. Check that nothing observable changed after the failure."
        ),
    ),
    Skill(
        "invariants",
        SkillRole.GENERATION,
        "State properties every valid output satisfies and check them over many inputs.",
        (
            "1. Write down properties every valid output has (ordering, sizes, round trips).\n"
            "2. Check them over a small table of varied inputs, never over one example only.\n"
            "3. Keep each property traceable to a sentence of the requirement."
        ),
    ),
    Skill(
        "stateful-sequences",
        SkillRole.GENERATION,
        "Drive objects through call sequences and check state after each transition.",
        (
            "1. Name the states the requirement describes and the calls that move between them.\n"
            "2. Drive a short sequence per transition and check the state after each step.\n"
            "3. Add a repeated and an out-of-order call where the requirement says what happens."
        ),
    ),
    Skill(
        "cli-output",
        SkillRole.GENERATION,
        "Run the program as a process; check exit codes, stdout and stderr contracts.",
        (
            "1. Run the program as a process, the way a user types it.\n"
            "2. Check the exit code, then stdout and stderr as far as the requirement fixes them.\n"
            "3. Normalise what the requirement leaves open (trailing whitespace, ordering)."
        ),
    ),
    Skill(
        "performance-budgets",
        SkillRole.GENERATION,
        "Check complexity with input sizes a naive solution cannot finish in time.",
        (
            "1. Find the sizes the requirement says must be handled.\n"
            "2. Use an input a quadratic or naive solution cannot finish within the test timeout.\n"
            "3. Keep the budget generous enough that any correct implementation passes."
        ),
    ),
    Skill(
        "framework-contracts",
        SkillRole.GENERATION,
        "Exercise the public API the way a framework caller does: hooks, registries, config.",
        (
            "1. Find the public hooks, registries and configuration the requirement exposes.\n"
            "2. Call them as a framework user would, never through private helpers.\n"
            "3. Check the observable effect of each hook, not how it is wired inside."
        ),
    ),
    Skill(
        "differential-oracle",
        SkillRole.GENERATION,
        "Compare against a tiny obviously-correct oracle written inside the test.",
        (
            "1. Write a tiny, obviously correct reference inside the test (a brute force).\n"
            "2. Compare the program with it over many small generated inputs, seeded.\n"
            "3. Report the first disagreeing input in the failure message."
        ),
    ),
    Skill(
        "text-rendering",
        SkillRole.GENERATION,
        "Check rendered text layout: widths, alignment, wrapping and escaping rules.",
        (
            "1. Find the layout rules the requirement states: widths, wrapping, escaping.\n"
            "2. Check each rule on a short and on a long line.\n"
            "3. Compare exact text only where the requirement fixes it; otherwise check the rule."
        ),
    ),
    Skill(
        "assertion-review",
        SkillRole.REVIEW,
        "Drop assertions on incidental details (order, format, wording) the spec leaves open.",
        (
            "1. For each assertion, find the sentence of the requirement it enforces.\n"
            "2. Flag assertions on order, format or wording the requirement leaves open.\n"
            "3. A correct implementation must pass every remaining assertion."
        ),
    ),
    Skill(
        "spec-traceability-review",
        SkillRole.REVIEW,
        "Map every test to a requirement clause and flag clauses that no test checks.",
        (
            "1. Split the requirement into clauses.\n"
            "2. Map each test to the clause it checks; flag tests with no clause.\n"
            "3. List the clauses no test checks (covered requirements are the rest)."
        ),
    ),
    Skill(
        "flakiness-review",
        SkillRole.REVIEW,
        "Flag tests that depend on timing, randomness, environment or execution order.",
        (
            "1. Look for sleeps, clocks, unseeded randomness, network and environment reads.\n"
            "2. Look for dependence on test order or on files another test leaves behind.\n"
            "3. Run the suite twice if you can; a differing outcome is a finding."
        ),
    ),
)

SKILLS_BY_NAME: dict[str, Skill] = {skill.name: skill for skill in SKILLS}


def generation_skills() -> tuple[Skill, ...]:
    """Skills that may be routed to candidate generation."""
    return tuple(s for s in SKILLS if s.role is SkillRole.GENERATION)


def review_skills() -> tuple[Skill, ...]:
    """Skills that may be routed to review turns (`reviewSkill`)."""
    return tuple(s for s in SKILLS if s.role is SkillRole.REVIEW)
