"""The money cap (`[budget] max_usd`, `generator_usd`, `optimizer_usd`), enforced before pay.

- One `MoneyLedger` per search process, opened with what the journal says was spent
  (priced at the config's prices, `rsi.forecast.spend_of`). It reads `MoneyConfig`:
  `[budget]` and the model each scope pays for.
- The generator: before an evaluation is submitted, its task's worst case (the per-task
  token caps at the generator's price) is reserved; the evaluation is settled at its
  journaled usage. A reservation that would cross a cap is not submitted: the batch ends
  with `SpendCapReached` once nothing is in flight, and the engine pauses the search
  (`search_paused`); `rsi resume` with a larger cap continues, paying nothing twice.
- The optimizer: its meter reserves each call's tokens on the same ledger (`ScopeCharge`),
  so a call that would cross a cap is never sent (`OptimizerBudgetExhausted("usd")`).
- A capped scope whose model has no price is refused by the config, before any work.
"""

from __future__ import annotations

from typing import Protocol

from evaluators.llm import MoneyCaps, MoneyLedger, Price, ScopeCharge, price_of
from evaluators.runners import RunnerLimits
from rsi.config import MoneyConfig
from rsi.forecast import spend_of
from rsi.journal import Evaluation, SearchState, model_usage
from search_space import RsiError


class SpendCapReached(RsiError, RuntimeError):
    """The next evaluation's money reservation would cross a `[budget]` money cap and
    nothing is in flight: the engine pauses the search (`search_paused`)."""


class TaskMoney(Protocol):
    """Dollars of one evaluation: `reserve` before it is submitted (raising `CapReached`
    when a cap would be crossed), `settle` when it is journaled."""

    def reserve(self) -> float: ...

    def settle(self, reserved: float, evaluation: Evaluation) -> None: ...


def money_ledger(money: MoneyConfig, state: SearchState) -> MoneyLedger | None:
    """The search's ledger under its money caps, or None when no money cap is set."""
    budget = money.budget
    if not budget.money_capped():
        return None
    spent = spend_of(state, money.scopes)
    caps = MoneyCaps(
        total=budget.max_usd,
        scopes={"generator": budget.generator_usd, "optimizer": budget.optimizer_usd},
    )
    return MoneyLedger(caps, {scope: usd or 0.0 for scope, usd in spent.usd.items()})


class GeneratorCharge:
    """`TaskMoney` for the generator: a task's worst case held while it runs."""

    def __init__(self, ledger: MoneyLedger, price: Price, limits: RunnerLimits) -> None:
        self.ledger, self.price = ledger, price
        self.per_task = price.usd_at_most(limits.input_tokens, limits.output_tokens)

    def reserve(self) -> float:
        self.ledger.reserve("generator", self.per_task)
        return self.per_task

    def settle(self, reserved: float, evaluation: Evaluation) -> None:
        usage = model_usage(evaluation)
        used = self.price.usd(
            usage.get("input_tokens", 0),
            usage.get("output_tokens", 0),
            usage.get("cache_read_input_tokens", 0),
            usage.get("cache_write_input_tokens", 0),
        )
        self.ledger.settle("generator", reserved, used)


def _price(money: MoneyConfig, scope: str) -> Price | None:
    llm = money.scopes[scope]
    return None if llm is None else price_of(llm)


def generator_charge(money: MoneyConfig, ledger: MoneyLedger | None) -> TaskMoney | None:
    price = _price(money, "generator")
    if ledger is None or price is None:
        return None  # no cap, or no model: the scripted runner pays nothing
    return GeneratorCharge(ledger, price, RunnerLimits())


def optimizer_charge(money: MoneyConfig, ledger: MoneyLedger | None) -> ScopeCharge | None:
    price = _price(money, "optimizer")
    if ledger is None or price is None:
        return None
    return ScopeCharge(ledger, price, "optimizer")
