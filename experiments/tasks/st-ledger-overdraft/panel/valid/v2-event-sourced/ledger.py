"""Ledger where balances are derived from each account's journal of entries."""
from collections import namedtuple

Entry = namedtuple("Entry", "kind amount balance_after")


class InsufficientFunds(Exception):
    def __init__(self, name, amount, available):
        super().__init__(f"{name}: {amount} requested, only {available} available")
        self.name, self.amount, self.available = name, amount, available


class Ledger:
    def __init__(self):
        self._journal = {}
        self._limit = {}

    @staticmethod
    def _valid_int(value, minimum):
        return isinstance(value, int) and not isinstance(value, bool) and value >= minimum

    def open_account(self, name, overdraft_limit=0):
        if name in self._journal:
            raise ValueError(f"{name} exists")
        if not self._valid_int(overdraft_limit, 0):
            raise ValueError("bad overdraft limit")
        self._journal[name] = []
        self._limit[name] = overdraft_limit

    def _entries(self, name):
        if name not in self._journal:
            raise KeyError(name)
        return self._journal[name]

    def balance(self, name):
        entries = self._entries(name)
        return sum(e.amount if e.kind == "deposit" else -e.amount for e in entries)

    def _record(self, name, kind, amount):
        if not self._valid_int(amount, 1):
            raise ValueError("bad amount")
        after = self.balance(name) + (amount if kind == "deposit" else -amount)
        if kind == "withdraw" and after < -self._limit[name]:
            raise InsufficientFunds(name, amount, self.balance(name) + self._limit[name])
        self._journal[name].append(Entry(kind, amount, after))
        return after

    def deposit(self, name, amount):
        self._entries(name)
        return self._record(name, "deposit", amount)

    def withdraw(self, name, amount):
        self._entries(name)
        return self._record(name, "withdraw", amount)

    def history(self, name):
        return list(self._entries(name))

    def set_overdraft(self, name, limit):
        self._entries(name)
        if not self._valid_int(limit, 0):
            raise ValueError("bad overdraft limit")
        self._limit[name] = limit

    def total(self):
        return sum(self.balance(n) for n in self._journal)
