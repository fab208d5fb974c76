"""One proposal attempt of a round (DESIGN.md section 8, steps 4 and 5).

The proposer's edit is validated with `search_space.apply` (every schema rule plus the
prose guard), then the child is health-checked by the runner within the configured time.
A rejection is journaled with its machine-readable reason and shown to later proposals.
"""

from __future__ import annotations

import concurrent.futures
from typing import TYPE_CHECKING

from rsi.events import ChildProposed, ProposalRejected, RoundStarted
from rsi.proposers import NoProposal, Proposal
from rsi.proposers.context import build_context
from search_space import InvalidEdit, Strategy, apply, parse_edit, strategy_id

if TYPE_CHECKING:
    from rsi.engine import Engine


def propose_child(
    engine: Engine, r: int, parent: Strategy, started: RoundStarted
) -> ChildProposed | None:
    """One attempt: propose, validate, health-check; journal a child or a rejection."""
    attempt = engine.state.attempts_in_round(r) + 1
    context = build_context(engine, r, attempt, parent, started)
    prefix = f"round:{r}:attempt:{attempt}"
    try:
        proposal: Proposal | None = engine.proposer.propose(context)
    except NoProposal as error:
        proposal, reason, message = None, "no_proposal", str(error)
    child: Strategy | None = None
    if proposal is not None:
        try:
            child = apply(
                parent,
                parse_edit(proposal.edit),
                space=engine.config.search_space,
                guard=engine.guard,
            )
            reason, message = health_problem(engine, child)
        except InvalidEdit as error:
            reason, message = error.reason.value, error.message
    if child is None or reason:
        engine.record(
            f"{prefix}:rejected",
            ProposalRejected(
                round=r,
                attempt=attempt,
                parent_id=started.parent_id,
                proposer=proposal.proposer if proposal else engine.proposer.name,
                field=proposal.field if proposal else None,
                edit=proposal.edit if proposal else None,
                reason=reason,
                message=message,
            ),
        )
        return None
    assert proposal is not None
    return engine.record(
        f"{prefix}:child",
        ChildProposed(
            round=r,
            attempt=attempt,
            parent_id=started.parent_id,
            child_id=strategy_id(child),
            proposer=proposal.proposer,
            field=proposal.field,
            edit=proposal.edit,
            rationale=proposal.rationale,
            strategy=child.to_json_dict(),
        ),
    ).data  # type: ignore[return-value]


def health_problem(engine: Engine, child: Strategy) -> tuple[str, str]:
    """('', '') when healthy; else a rejection reason and message."""
    if strategy_id(child) in engine.state.candidates:
        return "duplicate_candidate", "the child equals a strategy already kept"
    timeout = engine.config.timeouts.health_check_s
    checker = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="rsi-health")
    try:
        checker.submit(engine.services.runner.health_check, child).result(timeout=timeout)
    except concurrent.futures.TimeoutError:
        return "health_check", f"runner did not load the strategy within {timeout:g} s"
    except (ValueError, RuntimeError, OSError) as error:
        return "health_check", f"{type(error).__name__}: {error}"
    finally:
        checker.shutdown(wait=False, cancel_futures=True)  # never wait on a hung check
    return "", ""
