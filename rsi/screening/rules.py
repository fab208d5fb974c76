"""The screen: which acceptance rule lets a child into the population.

An acceptance rule compares a parent and its child on the parent's minibatch (per-task
successes) and returns a `ScreenVerdict`. `[search] acceptance` picks one by name:

- `strict-no-regression` (ours, the default): strictly more successes and no task the
  parent solved is lost;
- `strict-sum` (GEPA): the child's minibatch sum strictly above the parent's;
- `strict-mean` (AutoSaddler): the child's mean over matched pairs (tasks both were
  evaluated on) strictly above the parent's, with no regression check. On one shared
  minibatch, as the engine evaluates, it decides exactly as `strict-sum` does.

Each rule also answers `decide`: given the child's outcomes on part of the minibatch, the
verdict if no outcome of the remaining tasks can change it, else None. The screen stops
there (`[search] stop_when_decided`, rsi/screening/race.py). "Decided" is never wrong: for
every completion of the remaining outcomes, `screen` passes exactly when `decide` said so.

`AcceptanceRule` is the extension point (like an Optuna sampler): implement `name`,
`screen` and `decide` (returning None always is correct: the screen then reads every task),
then register the rule in `ACCEPTANCE_RULES` and in `[search] acceptance`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from search_space import counted

DEFAULT_RULE = "strict-no-regression"


@dataclass(frozen=True)
class ScreenVerdict:
    parent_successes: int
    child_successes: int
    regressions: int
    passed: bool
    reason: str
    rule: str = DEFAULT_RULE  # the acceptance rule that decided


class AcceptanceRule(Protocol):
    """Decides whether a child, evaluated on its parent's minibatch, is kept."""

    name: str

    def screen(self, parent: Mapping[str, bool], child: Mapping[str, bool]) -> ScreenVerdict:
        """The verdict on per-task successes (True = solved) of parent and child."""
        ...

    def decide(self, parent: Mapping[str, bool], child: Mapping[str, bool]) -> ScreenVerdict | None:
        """The verdict when `child` (outcomes on some of `parent`'s tasks) already fixes it
        whatever the other tasks give; its counts are over the tasks evaluated. Else None."""
        ...


def _same_tasks(parent: Mapping[str, bool], child: Mapping[str, bool]) -> None:
    if set(parent) != set(child):
        raise ValueError("parent and child were evaluated on different tasks")


def _regressions(parent: Mapping[str, bool], child: Mapping[str, bool]) -> int:
    return sum(1 for task, solved in parent.items() if solved and not child.get(task, False))


@dataclass(frozen=True)
class _SoFar:
    """A child's outcomes on part of its parent's minibatch, counted."""

    parent_successes: int  # over the whole minibatch
    child_successes: int  # over the tasks evaluated
    regressions: int  # tasks the parent solved and the child, evaluated, did not
    left: int  # tasks not evaluated yet
    solved_left: int  # of them, tasks the parent solved (only they can regress)

    @classmethod
    def of(cls, parent: Mapping[str, bool], child: Mapping[str, bool]) -> _SoFar:
        if not set(child) <= set(parent):
            raise ValueError("the child was evaluated on tasks outside its parent's minibatch")
        left = [task for task in parent if task not in child]
        return cls(
            parent_successes=sum(parent.values()),
            child_successes=sum(child.values()),
            regressions=sum(1 for task, solved in child.items() if parent[task] and not solved),
            left=len(left),
            solved_left=sum(1 for task in left if parent[task]),
        )

    def verdict(self, passed: bool, reason: str, rule: str) -> ScreenVerdict:
        return ScreenVerdict(
            self.parent_successes, self.child_successes, self.regressions, passed, reason, rule
        )


def _sum_decided(so_far: _SoFar, rule: str) -> ScreenVerdict | None:
    """Strictly above the parent's sum already, or unable to get there: decided."""
    if so_far.child_successes > so_far.parent_successes:
        reason = f"{rule}: child sum {so_far.child_successes} already above parent sum"
        return so_far.verdict(True, f"{reason} {so_far.parent_successes}", rule)
    if so_far.child_successes + so_far.left <= so_far.parent_successes:
        reason = f"{rule}: child sum at most {so_far.child_successes + so_far.left}, not above"
        return so_far.verdict(False, f"{reason} parent sum {so_far.parent_successes}", rule)
    return None


class StrictNoRegression:
    """Ours: strictly more successes and zero regressions on tasks the parent solved."""

    name = DEFAULT_RULE

    def screen(self, parent: Mapping[str, bool], child: Mapping[str, bool]) -> ScreenVerdict:
        _same_tasks(parent, child)
        parent_successes = sum(parent.values())
        child_successes = sum(child.values())
        regressions = _regressions(parent, child)
        if regressions:
            reason = f"{counted(regressions, 'regression')} on tasks the parent solved"
        elif child_successes <= parent_successes:
            reason = f"no strict gain ({child_successes} vs {parent_successes})"
        else:
            reason = f"gain {child_successes - parent_successes} with no regression"
        passed = regressions == 0 and child_successes > parent_successes
        return ScreenVerdict(
            parent_successes, child_successes, regressions, passed, reason, self.name
        )

    def decide(self, parent: Mapping[str, bool], child: Mapping[str, bool]) -> ScreenVerdict | None:
        """Discard at the first regression, or once a strict gain is out of reach; keep once
        every task the parent solved is solved again and the gain is already strict (the
        rest cannot regress)."""
        so_far = _SoFar.of(parent, child)
        if so_far.regressions:
            reason = f"{counted(so_far.regressions, 'regression')} on tasks the parent solved"
            return so_far.verdict(False, reason, self.name)
        best = so_far.child_successes + so_far.left
        if best <= so_far.parent_successes:
            reason = f"no strict gain possible (at most {best} vs {so_far.parent_successes})"
            return so_far.verdict(False, reason, self.name)
        if not so_far.solved_left and so_far.child_successes > so_far.parent_successes:
            gain = so_far.child_successes - so_far.parent_successes
            reason = f"gain {gain} with no regression possible"
            return so_far.verdict(True, reason, self.name)
        return None


class StrictSum:
    """GEPA: the child's minibatch sum strictly above the parent's; regressions allowed."""

    name = "strict-sum"

    def screen(self, parent: Mapping[str, bool], child: Mapping[str, bool]) -> ScreenVerdict:
        _same_tasks(parent, child)
        parent_successes = sum(parent.values())
        child_successes = sum(child.values())
        regressions = _regressions(parent, child)
        passed = child_successes > parent_successes
        verdict = "above" if passed else "not above"
        reason = (
            f"strict-sum: child sum {child_successes} {verdict} parent sum {parent_successes} "
            f"({counted(regressions, 'regression')} not checked)"
        )
        return ScreenVerdict(
            parent_successes, child_successes, regressions, passed, reason, self.name
        )

    def decide(self, parent: Mapping[str, bool], child: Mapping[str, bool]) -> ScreenVerdict | None:
        """Decided once the child's sum is above the parent's, or cannot get there."""
        return _sum_decided(_SoFar.of(parent, child), self.name)


class StrictMean:
    """AutoSaddler: the mean over matched pairs strictly higher; regressions allowed."""

    name = "strict-mean"

    def screen(self, parent: Mapping[str, bool], child: Mapping[str, bool]) -> ScreenVerdict:
        matched = [task for task in parent if task in child]
        if not matched:
            raise ValueError("parent and child share no evaluated task")
        parent_successes = sum(parent[task] for task in matched)
        child_successes = sum(child[task] for task in matched)
        regressions = sum(1 for task in matched if parent[task] and not child[task])
        n = len(matched)
        # Equal denominators, so comparing sums is comparing means without float rounding.
        passed = child_successes > parent_successes
        verdict = "above" if passed else "not above"
        reason = (
            f"strict-mean: child mean {child_successes / n:.3f} {verdict} parent mean "
            f"{parent_successes / n:.3f} over {counted(n, 'matched pair')} "
            f"({counted(regressions, 'regression')} not checked)"
        )
        return ScreenVerdict(
            parent_successes, child_successes, regressions, passed, reason, self.name
        )

    def decide(self, parent: Mapping[str, bool], child: Mapping[str, bool]) -> ScreenVerdict | None:
        """As `strict-sum`: the engine evaluates the child on the parent's whole minibatch,
        so the matched pairs are every task and equal denominators make means sums."""
        return _sum_decided(_SoFar.of(parent, child), self.name)


ACCEPTANCE_RULES: Mapping[str, AcceptanceRule] = {
    rule.name: rule for rule in (StrictNoRegression(), StrictSum(), StrictMean())
}


def acceptance_rule(name: str) -> AcceptanceRule:
    """The registered rule called `name` (`[search] acceptance` validates names first)."""
    try:
        return ACCEPTANCE_RULES[name]
    except KeyError:
        known = ", ".join(ACCEPTANCE_RULES)
        raise ValueError(f"unknown acceptance rule {name!r} (known: {known})") from None
