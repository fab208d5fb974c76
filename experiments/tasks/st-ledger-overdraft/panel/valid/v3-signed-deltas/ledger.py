"""Ledger that applies every operation as a signed delta through one code path."""


class InsufficientFunds(ValueError):
    pass


class Ledger:
    KINDS = {"deposit": 1, "withdraw": -1}

    def __init__(self):
        self._state = {}  # name -> [balance, limit, history]

    def _acct(self, name):
        state = self._state.get(name)
        if state is None:
            raise KeyError(name)
        return state

    @staticmethod
    def _check(value, low, what):
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise ValueError(f"{what} must be an integer >= {low}")

    def open_account(self, name, overdraft_limit=0):
        if name in self._state:
            raise ValueError(f"account already open: {name}")
        self._check(overdraft_limit, 0, "overdraft_limit")
        self._state[name] = [0, overdraft_limit, []]

    def balance(self, name):
        return self._acct(name)[0]

    def _apply(self, name, kind, amount):
        state = self._acct(name)
        self._check(amount, 1, "amount")
        after = state[0] + self.KINDS[kind] * amount
        if after < state[0] and after + state[1] < 0:
            raise InsufficientFunds(f"withdrawal of {amount} exceeds the overdraft")
        state[0] = after
        state[2].append((kind, amount, after))
        return after

    def deposit(self, name, amount):
        return self._apply(name, "deposit", amount)

    def withdraw(self, name, amount):
        return self._apply(name, "withdraw", amount)

    def history(self, name):
        return list(self._acct(name)[2])

    def set_overdraft(self, name, limit):
        state = self._acct(name)
        self._check(limit, 0, "limit")
        state[1] = limit

    def total(self):
        return sum(state[0] for state in self._state.values())
