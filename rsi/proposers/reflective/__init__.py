"""The `reflective` proposer: three agent sessions over workspaces (docs/design.md section
8). Imports `rsi.proposers.base`, `search_space` and `evaluators.llm` only; it reads nothing
but the contexts it is handed.

    meter = UsageMeter(UsageCaps(calls=..., input_tokens=..., output_tokens=...), "optimizer")
    proposer = ReflectiveProposer(settings, meter, ResponseCache(run_dir / "llm_cache"),
                                  timeouts=SessionTimeouts(300, 1800, 600),
                                  steps=SessionSteps(12, 40, 16),
                                  known_task_ids=pool_ids, workspaces=run_dir / "workspaces")
    choice = proposer.choose_parent(selection_context)  # session 0: a kept parent, a field
    proposal = proposer.propose(context)      # ProposalRefused(reason) | OptimizerBudgetExhausted
    result = proposer.reflect(context, proposal, verdict)   # after the screen
    proposer.usage()                          # the optimizer scope: calls, tokens

Contract:
- Each session is an agent session with provider-native tool calls (`evaluators.llm.
  ToolSession`): `list_files`, `read_file` and `grep` over a workspace the host writes from
  the context alone (_workspace.py: the parent, the space, per minibatch task its public
  instruction, outcome and its trajectory (what the agents saw: tool outputs, model text;
  `_trajectory.py`), the DAG, every insight with its round), and its
  final tool: `choose_parent` (session 0), `propose_edit` then `submit` (diagnosis),
  `record_insight` then `submit` (reflection). The host checks each answer at once and
  replies "accepted" or "refused: <reason>: <why>"; the session may correct itself within
  its steps.
- Bounds: each session's time (`SessionTimeouts`, Table 11), checked before each turn and
  bounding each turn's timeout; its step cap (`SessionSteps`); the optimizer meter.
- Nothing leaves unchecked (_validation.py). A diagnosis with no accepted edit raises
  `ProposalRefused(reason, ...)`, a `NoProposal`, with the last refused edit, the session's
  trace and cost: the engine journals it as a rejection. Session 0 with no accepted choice
  falls back to the rule's parent (`chosen_by="rule"`).
- A refused call of the optimizer meter raises `OptimizerBudgetExhausted(cap)`.
- Exactly once: each session's cache namespace is (seed, round, attempt, parent id,
  session), (seed, round) for session 0, and its workspace is a pure function of the
  context, so the same context replays from the run's reply cache, paying nothing twice.
- Traced: every session returns a `SessionTrace` (tool calls with cut arguments, seconds,
  characters of task trace read); its seconds are also written beside the workspace
  folder, `<workspaces>/round-R/attempt-A/diagnosis.json`.
- Stacks: `["reflective", "optuna"]` is `ReflectiveStack`: a scalar chosen by session 0
  gets its value from optuna; any other field goes to the diagnosis session.
"""

from rsi.proposers.reflective._proposer import ReflectiveProposer
from rsi.proposers.reflective._sessions import (
    SESSIONS,
    TURN_MAX_TOKENS,
    SessionSteps,
    SessionTimeouts,
    namespace,
)
from rsi.proposers.reflective._stack import ReflectiveStack
from rsi.proposers.reflective._validation import COPY_WORDS, HostCheckFailed, Refusal
from rsi.proposers.reflective._workspace import READ_CHARS, OptimizerWorkspace, proposal_files
from rsi.proposers.reflective.prompts import prompt_versions

__all__ = [
    "COPY_WORDS",
    "READ_CHARS",
    "SESSIONS",
    "TURN_MAX_TOKENS",
    "HostCheckFailed",
    "OptimizerWorkspace",
    "ReflectiveProposer",
    "ReflectiveStack",
    "Refusal",
    "SessionSteps",
    "SessionTimeouts",
    "namespace",
    "prompt_versions",
    "proposal_files",
]
