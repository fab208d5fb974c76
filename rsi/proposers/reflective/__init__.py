"""The `reflective` proposer: dspy sessions that read traces, choose one field, revise it
and reflect (docs/design.md section 8). Imports `rsi.proposers.base`, `search_space` and
`evaluators.llm` only; it reads nothing but the `ProposalContext` it is handed.

    meter = UsageMeter(UsageCaps(calls=..., input_tokens=..., output_tokens=...), "optimizer")
    proposer = ReflectiveProposer(settings, meter, ResponseCache(run_dir / "llm_cache"),
                                  timeouts=SessionTimeouts(300, 1800, 600),
                                  known_task_ids=pool_ids)
    proposal = proposer.propose(context)      # ProposalRefused(reason) | OptimizerBudgetExhausted
    result = proposer.reflect(context, proposal, verdict)   # after the screen
    proposer.usage()                          # the optimizer scope: calls, tokens

Contract:
- Three sessions, each one typed request (pydantic output through a dspy signature) with
  its own timeout: *selection* (one field offered by `context.space.mutable_fields`, and a
  direction), *diagnosis* (one `search_space` edit of that field, a rationale and the
  minibatch tasks it cites), *reflection* (at most three insights with evidence).
- Prompts are rendered from the `ProposalContext` only: public task text and the runner's
  trace of the minibatch, cut to `batch_chars`; every earlier attempt with its fate and
  reason (rejections included); the insights; the dev ranking as numbers. Prompt texts are
  versioned files in `prompts/`; the versions end every proposal's rationale.
- Nothing leaves unchecked: see `_validation` for the host checks and their reasons. A
  failed check or a failed session raises `ProposalRefused(reason, ...)`, a `NoProposal`,
  carrying the field and edit when known, the session and its cost: the engine journals it
  as a rejection with that reason, and later contexts show it in their history.
- A refused call of the optimizer meter raises `OptimizerBudgetExhausted(cap)` (not a
  `NoProposal`): the engine stops the search gracefully, naming the cap.
- Exactly once: each session's cache namespace is (seed, round, attempt, parent id,
  session), so the same context replays from the run's reply cache, paying nothing twice.
  `reflect` must be given the same context (rebuilt at the same journal point) to replay.
- Stacks: `["reflective"]` is `ReflectiveProposer`; `["reflective", "optuna"]` is
  `ReflectiveStack(reflective, OptunaProposer())`: the selection session picks the field
  and direction; a scalar's value comes from optuna (restricted to that direction), any
  other field goes to the diagnosis session.
"""

from rsi.proposers.reflective._proposer import FieldChoice, ReflectiveProposer
from rsi.proposers.reflective._sessions import SessionTimeouts, namespace
from rsi.proposers.reflective._stack import ReflectiveStack
from rsi.proposers.reflective._validation import COPY_WORDS, Refusal
from rsi.proposers.reflective.prompts import prompt_versions

__all__ = [
    "COPY_WORDS",
    "FieldChoice",
    "ReflectiveProposer",
    "ReflectiveStack",
    "Refusal",
    "SessionTimeouts",
    "namespace",
    "prompt_versions",
]
