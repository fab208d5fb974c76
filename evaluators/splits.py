"""Seeded, disjoint data roles over a task pool (docs/design.md section 4).

The ids are sorted, shuffled with `random.Random(seed)`, and cut in role order proposal,
dev, release, test. Each role keeps its shuffled order (the engine consumes proposal
minibatches in that order); hashes use the sorted ids so they describe membership only.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterable, Mapping
from enum import Enum

from pydantic import BaseModel, ConfigDict

from search_space.errors import UserInputError

DEFAULT_SEED = 42


class Role(str, Enum):
    PROPOSAL = "proposal"
    DEV = "dev"
    RELEASE = "release"
    TEST = "test"


def ids_hash(ids: Iterable[str]) -> str:
    """sha256 hex of the sorted ids joined by newlines."""
    return hashlib.sha256("\n".join(sorted(ids)).encode("utf-8")).hexdigest()


class RoleSplit(BaseModel):
    model_config = ConfigDict(frozen=True)

    role: Role
    ids: tuple[str, ...]
    sha256: str


class Splits(BaseModel):
    """The assignment of task ids to roles. `assignment_sha256` hashes the canonical JSON
    `{role: sorted ids}` (sorted keys, compact separators); `pool_sha256` the whole pool."""

    model_config = ConfigDict(frozen=True)

    seed: int
    roles: tuple[RoleSplit, ...]
    pool_sha256: str
    assignment_sha256: str

    def ids(self, role: Role | str) -> tuple[str, ...]:
        wanted = Role(role)
        for split in self.roles:
            if split.role is wanted:
                return split.ids
        return ()


def split_ids(
    ids: Iterable[str], sizes: Mapping[Role | str, int], *, seed: int = DEFAULT_SEED
) -> Splits:
    """Assign `sizes[role]` ids to each role, disjointly. Roles absent from `sizes` get 0.

    Raises `UserInputError` on an unknown role, a negative size, duplicate ids, or sizes
    whose sum exceeds the pool. Ids left over belong to no role.
    """
    pool = sorted(ids)
    if len(set(pool)) != len(pool):
        raise UserInputError("duplicate task ids in the pool", source="splits")
    wanted: dict[Role, int] = {}
    for key, size in sizes.items():
        try:
            role = Role(key)
        except ValueError:
            raise UserInputError(f"unknown role {key!r}", source="splits") from None
        if size < 0:
            raise UserInputError(f"{role.value}: size {size} is negative", source="splits")
        wanted[role] = size
    total = sum(wanted.values())
    if total > len(pool):
        raise UserInputError(
            f"split sizes add up to {total} but the pool holds {len(pool)} tasks",
            source="splits",
        )
    shuffled = list(pool)
    random.Random(seed).shuffle(shuffled)
    roles: list[RoleSplit] = []
    start = 0
    for role in Role:
        chosen = tuple(shuffled[start : start + wanted.get(role, 0)])
        start += len(chosen)
        roles.append(RoleSplit(role=role, ids=chosen, sha256=ids_hash(chosen)))
    assignment = json.dumps(
        {split.role.value: sorted(split.ids) for split in roles},
        sort_keys=True,
        separators=(",", ":"),
    )
    return Splits(
        seed=seed,
        roles=tuple(roles),
        pool_sha256=ids_hash(pool),
        assignment_sha256=hashlib.sha256(assignment.encode("utf-8")).hexdigest(),
    )
