"""Ledger keeping one Account object per name."""
from dataclasses import dataclass, field


class InsufficientFunds(Exception):
    pass


@dataclass
class Account:
    limit: int
    balance: int = 0
    entries: list = field(default_factory=list)


def _positive(amount):
    if type(amount) is not int or amount <= 0:
        raise ValueError("amounts must be positive whole cents")
    return amount


def _limit(limit):
    if type(limit) is not int or limit < 0:
        raise ValueError("overdraft limit must be >= 0")
    return limit


class Ledger:
    def __init__(self):
        self.accounts = {}

    def _get(self, name):
        try:
            return self.accounts[name]
        except KeyError:
            raise KeyError(f"no account named {name!r}") from None

    def open_account(self, name, overdraft_limit=0):
        if name in self.accounts:
            raise ValueError("duplicate account")
        self.accounts[name] = Account(limit=_limit(overdraft_limit))

    def balance(self, name):
        return self._get(name).balance

    def deposit(self, name, amount):
        acct = self._get(name)
        acct.balance += _positive(amount)
        acct.entries.append(("deposit", amount, acct.balance))
        return acct.balance

    def withdraw(self, name, amount):
        acct = self._get(name)
        _positive(amount)
        if acct.balance - amount + acct.limit < 0:
            raise InsufficientFunds(name)
        acct.balance -= amount
        acct.entries.append(("withdraw", amount, acct.balance))
        return acct.balance

    def history(self, name):
        return self._get(name).entries[:]

    def set_overdraft(self, name, limit):
        self._get(name).limit = _limit(limit)

    def total(self):
        return sum(a.balance for a in self.accounts.values())
