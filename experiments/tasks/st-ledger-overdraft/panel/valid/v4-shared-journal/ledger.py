"""Ledger with one global journal; an account's balance is its latest journal row."""


class InsufficientFunds(Exception):
    """Raised when a withdrawal would break the overdraft limit."""


class Ledger:
    def __init__(self):
        self._limits = {}
        self._rows = []  # (name, kind, amount, balance_after) for all accounts, in order

    def open_account(self, name, overdraft_limit=0):
        if name in self._limits:
            raise ValueError("account name taken")
        self._limits[name] = self._non_negative(overdraft_limit)

    @staticmethod
    def _non_negative(limit):
        if not isinstance(limit, int) or isinstance(limit, bool) or limit < 0:
            raise ValueError("limit must be a non-negative int")
        return limit

    @staticmethod
    def _amount(amount):
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 1:
            raise ValueError("amount must be a positive int")
        return amount

    def balance(self, name):
        if name not in self._limits:
            raise KeyError(name)
        for row in reversed(self._rows):
            if row[0] == name:
                return row[3]
        return 0

    def deposit(self, name, amount):
        after = self.balance(name) + self._amount(amount)
        self._rows.append((name, "deposit", amount, after))
        return after

    def withdraw(self, name, amount):
        after = self.balance(name) - self._amount(amount)
        if -after > self._limits[name]:
            raise InsufficientFunds(f"{name} would be overdrawn")
        self._rows.append((name, "withdraw", amount, after))
        return after

    def history(self, name):
        self.balance(name)
        return [row[1:] for row in self._rows if row[0] == name]

    def set_overdraft(self, name, limit):
        self.balance(name)
        self._limits[name] = self._non_negative(limit)

    def total(self):
        return sum(self.balance(name) for name in self._limits)
