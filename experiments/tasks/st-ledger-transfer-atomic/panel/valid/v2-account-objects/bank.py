"""Bank with Account and Transfer objects; reverts report success with True."""
import itertools
from dataclasses import dataclass, field


class InsufficientFunds(ValueError):
    """Not enough money on the paying side."""


@dataclass
class _Account:
    balance: int
    lines: list = field(default_factory=list)


@dataclass
class _Transfer:
    src: str
    dst: str
    amount: int
    reverted: bool = False


class Bank:
    def __init__(self):
        self._accounts = {}
        self._transfers = {}
        self._ids = itertools.count(1)
        self._pending_id = next(self._ids)

    def _acct(self, name):
        if name not in self._accounts:
            raise KeyError(f"unknown account {name!r}")
        return self._accounts[name]

    def open(self, name, balance=0):
        if isinstance(balance, bool) or not isinstance(balance, int) or balance < 0:
            raise ValueError("opening balance must be >= 0")
        if name in self._accounts:
            raise ValueError("account exists")
        self._accounts[name] = _Account(balance)

    def balance(self, name):
        return self._acct(name).balance

    @staticmethod
    def _pay(tx_id, payer, payee, amount):
        if payer.balance - amount < 0:
            raise InsufficientFunds(f"short by {amount - payer.balance}")
        payer.balance -= amount
        payee.balance += amount
        payer.lines.append((tx_id, -amount))
        payee.lines.append((tx_id, amount))

    def transfer(self, src, dst, amount):
        payer, payee = self._acct(src), self._acct(dst)
        if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
            raise ValueError("amount must be a positive integer")
        if payer is payee:
            raise ValueError("src and dst are the same account")
        tx_id = self._pending_id
        self._pay(tx_id, payer, payee, amount)
        self._transfers[tx_id] = _Transfer(src, dst, amount)
        self._pending_id = next(self._ids)
        return tx_id

    def revert(self, tx_id):
        tx = self._transfers[tx_id]
        if tx.reverted:
            raise ValueError(f"{tx_id} already reverted")
        self._pay(tx_id, self._accounts[tx.dst], self._accounts[tx.src], tx.amount)
        tx.reverted = True
        return True

    def statement(self, name):
        return self._acct(name).lines.copy()

    def total(self):
        return sum(a.balance for a in self._accounts.values())
