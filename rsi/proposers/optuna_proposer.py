"""The `optuna` proposer: one scalar field at a time through PartialFixedSampler over TPE.

The study is rebuilt from the journal's history on every call (so a resumed search asks
the same questions): each screened scalar child becomes a finished trial whose value is
its minibatch gain minus twice its regressions; rejected scalar edits become failed
trials. All scalar fields but the chosen one are fixed to the parent's values.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence

import optuna
from optuna.distributions import CategoricalDistribution
from optuna.trial import TrialState, create_trial

from rsi.proposers.base import NoProposal, Proposal, ProposalContext

optuna.logging.set_verbosity(optuna.logging.WARNING)
# PartialFixedSampler is exactly the documented tool here; its "experimental" label is noise.
warnings.filterwarnings("ignore", category=optuna.exceptions.ExperimentalWarning)
MAX_ASKS = 12


class OptunaProposer:
    name = "optuna"

    def __init__(self, *, startup_trials: int = 4) -> None:
        self._startup_trials = startup_trials

    def _study(self, context: ProposalContext, fields: tuple[str, ...]) -> optuna.Study:
        seed = (context.seed * 1_000_003 + context.round * 1_009 + context.attempt) % (2**31)
        sampler = optuna.samplers.TPESampler(seed=seed, n_startup_trials=self._startup_trials)
        study = optuna.create_study(direction="maximize", sampler=sampler)
        distributions = self._distributions(context, fields)
        for past in context.history:
            if past.scalars is None or past.field not in fields:
                continue
            params = {f: past.scalars[f] for f in fields if f in past.scalars}
            if set(params) != set(fields):
                continue
            study.add_trial(
                create_trial(
                    params=params,
                    distributions=distributions,
                    value=float(past.gain - 2 * past.regressions),
                )
            )
        # The parent itself is a known point: changing nothing gains nothing.
        parent_params = {f: context.parent.field_value(f) for f in fields}
        study.add_trial(create_trial(params=parent_params, distributions=distributions, value=0.0))
        return study

    @staticmethod
    def _distributions(
        context: ProposalContext, fields: tuple[str, ...]
    ) -> dict[str, CategoricalDistribution]:
        return {f: CategoricalDistribution(context.space.allowed_values(f)) for f in fields}

    def propose_field(
        self, context: ProposalContext, field: str, *, allowed: Sequence[int] | None = None
    ) -> Proposal:
        """A new value for `field`, every other scalar held at the parent's value.

        `allowed` narrows the acceptable values (e.g. the heuristic's direction); TPE's
        other suggestions are told as failed and it is asked again.
        """
        fields = context.space.mutable_scalars
        if field not in fields:
            raise NoProposal(f"{field} is not a mutable scalar")
        current = context.parent.field_value(field)
        options = [v for v in context.space.allowed_values(field) if v != current]
        if allowed is not None:
            options = [v for v in options if v in allowed]
        if not options:
            raise NoProposal(f"{field} has no other allowed value")
        study = self._study(context, fields)
        fixed = {f: context.parent.field_value(f) for f in fields if f != field}
        study.sampler = optuna.samplers.PartialFixedSampler(fixed, study.sampler)
        distributions = self._distributions(context, fields)
        for _ in range(MAX_ASKS):
            trial = study.ask(distributions)
            value = trial.params[field]
            if value in options:
                study.tell(trial, state=TrialState.PRUNED)
                return Proposal(
                    {"op": "set_scalar", "field": field, "value": value},
                    field,
                    self.name,
                    f"TPE over {field} with the other scalars fixed",
                )
            study.tell(trial, state=TrialState.FAIL)  # not an acceptable value: ask again
        scores: dict[int, list[float]] = {}
        for trial in study.trials:
            if trial.value is not None and trial.params.get(field) in options:
                scores.setdefault(trial.params[field], []).append(trial.value)
        best = max(
            options,
            key=lambda v: (
                sum(scores.get(v, [0.0])) / len(scores.get(v, [0.0])),
                -options.index(v),
            ),
        )
        return Proposal(
            {"op": "set_scalar", "field": field, "value": best},
            field,
            self.name,
            f"TPE stalled on {field}; best acceptable value so far",
        )

    def propose(self, context: ProposalContext) -> Proposal:
        fields = context.space.mutable_scalars
        if not fields:
            raise NoProposal("no mutable scalar fields")
        return self.propose_field(context, fields[(context.round + context.attempt) % len(fields)])
