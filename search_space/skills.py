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
    name: str
    role: SkillRole
    purpose: str


SKILLS: tuple[Skill, ...] = (
    Skill(
        "boundary-inputs",
        SkillRole.GENERATION,
        "Probe empty, single, maximal and off-by-one inputs named or implied by the spec.",
    ),
    Skill(
        "error-contracts",
        SkillRole.GENERATION,
        "Assert the documented exception types and messages for invalid input, no more.",
    ),
    Skill(
        "invariants",
        SkillRole.GENERATION,
        "State properties every valid output satisfies and check them over many inputs.",
    ),
    Skill(
        "stateful-sequences",
        SkillRole.GENERATION,
        "Drive objects through call sequences and check state after each transition.",
    ),
    Skill(
        "cli-output",
        SkillRole.GENERATION,
        "Run the program as a process; check exit codes, stdout and stderr contracts.",
    ),
    Skill(
        "performance-budgets",
        SkillRole.GENERATION,
        "Check complexity with input sizes a naive solution cannot finish in time.",
    ),
    Skill(
        "framework-contracts",
        SkillRole.GENERATION,
        "Exercise the public API the way a framework caller does: hooks, registries, config.",
    ),
    Skill(
        "differential-oracle",
        SkillRole.GENERATION,
        "Compare against a tiny obviously-correct oracle written inside the test.",
    ),
    Skill(
        "text-rendering",
        SkillRole.GENERATION,
        "Check rendered text layout: widths, alignment, wrapping and escaping rules.",
    ),
    Skill(
        "assertion-review",
        SkillRole.REVIEW,
        "Drop assertions on incidental details (order, format, wording) the spec leaves open.",
    ),
    Skill(
        "spec-traceability-review",
        SkillRole.REVIEW,
        "Map every test to a requirement clause and flag clauses that no test checks.",
    ),
    Skill(
        "flakiness-review",
        SkillRole.REVIEW,
        "Flag tests that depend on timing, randomness, environment or execution order.",
    ),
)

SKILLS_BY_NAME: dict[str, Skill] = {skill.name: skill for skill in SKILLS}


def generation_skills() -> tuple[Skill, ...]:
    """Skills that may be routed to candidate generation."""
    return tuple(s for s in SKILLS if s.role is SkillRole.GENERATION)


def review_skills() -> tuple[Skill, ...]:
    """Skills that may be routed to review turns (`reviewSkill`)."""
    return tuple(s for s in SKILLS if s.role is SkillRole.REVIEW)
