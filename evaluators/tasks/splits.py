"""Seeded, disjoint data roles over a task pool, filled with whole families (docs/design.md 4).

- Tasks of one family (`Task.family`; a task without one is a family of one) never straddle
  two roles: a strategy tuned on one sibling is never gated on another.
- Families are sorted by name, shuffled with `random.Random(seed)`, and assigned in role
  order proposal, dev, release, test: each role takes whole families until its size is met,
  so it may exceed its size by less than one family. The sizes actually used are in
  `Splits.roles`; the engine journals them.
- Sizes that whole families cannot meet are refused with one line naming the sizes and
  the family counts.
- Within a role, ids follow their families' shuffled order, each family's ids sorted (the
  engine reshuffles proposal minibatches itself); hashes use the sorted ids, so they
  describe membership only.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterable, Mapping
from enum import Enum

from pydantic import BaseModel, ConfigDict

from search_space import UserInputError

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
    families: tuple[str, ...] = ()  # the whole families this role holds, in assignment order


class Splits(BaseModel):
    """The assignment of task ids to roles. `assignment_sha256` hashes the canonical JSON
    `{role: sorted ids}` (sorted keys, compact separators); `pool_sha256` the whole pool."""

    model_config = ConfigDict(frozen=True)

    seed: int
    roles: tuple[RoleSplit, ...]
    pool_sha256: str
    assignment_sha256: str

    def ids(self, role: Role | str) -> tuple[str, ...]:
        return self.role(role).ids

    def role(self, role: Role | str) -> RoleSplit:
        wanted = Role(role)
        for split in self.roles:
            if split.role is wanted:
                return split
        return RoleSplit(role=wanted, ids=(), sha256=ids_hash(()))

    def shared_families(self) -> int:
        """Families found in more than one role (0 by construction; `rsi tasks split`
        prints it so a reader need not take that on trust)."""
        seen: dict[str, int] = {}
        for split in self.roles:
            for family in set(split.families):
                seen[family] = seen.get(family, 0) + 1
        return sum(1 for count in seen.values() if count > 1)


def _wanted_sizes(sizes: Mapping[Role | str, int]) -> dict[Role, int]:
    wanted: dict[Role, int] = {}
    for key, size in sizes.items():
        try:
            role = Role(key)
        except ValueError:
            raise UserInputError(f"unknown role {key!r}", source="splits") from None
        if size < 0:
            raise UserInputError(f"{role.value}: size {size} is negative", source="splits")
        wanted[role] = size
    return wanted


def _families(pool: list[str], families: Mapping[str, str] | None) -> dict[str, list[str]]:
    grouped: dict[str, list[str]] = {}
    for task_id in pool:
        family = (families or {}).get(task_id) or task_id
        grouped.setdefault(family, []).append(task_id)
    return grouped


def _describe(wanted: Mapping[Role, int]) -> str:
    return ", ".join(f"{role.value} {size}" for role, size in wanted.items() if size)


def split_ids(
    ids: Iterable[str],
    sizes: Mapping[Role | str, int],
    *,
    seed: int = DEFAULT_SEED,
    families: Mapping[str, str] | None = None,
) -> Splits:
    """Fill each role with whole families until `sizes[role]` is met (roles absent get 0).

    `families` maps a task id to its family; ids it does not name are families of one.
    Raises `UserInputError` on an unknown role, a negative size, duplicate ids, or sizes
    that whole families of the pool cannot meet. Families left over belong to no role.
    """
    pool = sorted(ids)
    if len(set(pool)) != len(pool):
        raise UserInputError("duplicate task ids in the pool", source="splits")
    wanted = _wanted_sizes(sizes)
    grouped = _families(pool, families)
    total = sum(wanted.values())
    if total > len(pool):
        raise UserInputError(
            f"split sizes add up to {total} ({_describe(wanted)}) but the pool holds "
            f"{len(pool)} tasks in {len(grouped)} families",
            source="splits",
        )
    order = sorted(grouped)
    random.Random(seed).shuffle(order)
    roles: list[RoleSplit] = []
    next_family = 0
    for role in Role:
        chosen: list[str] = []
        taken: list[str] = []
        while len(chosen) < wanted.get(role, 0):
            if next_family == len(order):
                raise UserInputError(
                    f"split sizes {_describe(wanted)} cannot be met with whole families: "
                    f"the pool's {len(pool)} tasks form {len(order)} families, and they run "
                    f"out while filling {role.value} ({len(chosen)} of "
                    f"{wanted[role]}); lower the sizes or add tasks",
                    source="splits",
                )
            family = order[next_family]
            next_family += 1
            taken.append(family)
            chosen.extend(grouped[family])
        roles.append(
            RoleSplit(role=role, ids=tuple(chosen), sha256=ids_hash(chosen), families=tuple(taken))
        )
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
