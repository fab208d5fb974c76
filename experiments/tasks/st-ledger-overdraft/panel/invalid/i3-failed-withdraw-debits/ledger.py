"""Ledger of named accounts with per-account overdraft limits (amounts in cents)."""


class InsufficientFunds(ValueError):
    """A withdrawal would take the balance below the overdraft limit."""


def _check_amount(amount):
    if not isinstance(amount, int) or isinstance(amount, bool) or amount < 1:
        raise ValueError(f"amount must be a positive integer, got {amount!r}")


def _check_limit(limit):
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 0:
        raise ValueError(f"overdraft limit must be a non-negative integer, got {limit!r}")


class Ledger:
    def __init__(self):
        self._balances = {}
        self._limits = {}
        self._history = {}

    def open_account(self, name, overdraft_limit=0):
        if name in self._balances:
            raise ValueError(f"account {name!r} already exists")
        _check_limit(overdraft_limit)
        self._balances[name] = 0
        self._limits[name] = overdraft_limit
        self._history[name] = []

    def _require(self, name):
        if name not in self._balances:
            raise KeyError(name)

    def balance(self, name):
        self._require(name)
        return self._balances[name]

    def deposit(self, name, amount):
        self._require(name)
        _check_amount(amount)
        self._balances[name] += amount
        self._history[name].append(("deposit", amount, self._balances[name]))
        return self._balances[name]

    def withdraw(self, name, amount):
        self._require(name)
        _check_amount(amount)
        self._balances[name] -= amount
        new_balance = self._balances[name]
        if new_balance < -self._limits[name]:
            raise InsufficientFunds(
                f"{name!r} cannot withdraw {amount}: overdraft limit is {self._limits[name]}"
            )
        self._balances[name] = new_balance
        self._history[name].append(("withdraw", amount, new_balance))
        return new_balance

    def history(self, name):
        self._require(name)
        return list(self._history[name])

    def set_overdraft(self, name, limit):
        self._require(name)
        _check_limit(limit)
        self._limits[name] = limit

    def total(self):
        return sum(self._balances.values())
