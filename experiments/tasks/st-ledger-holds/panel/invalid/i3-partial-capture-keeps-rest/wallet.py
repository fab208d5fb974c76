"""Wallet of named accounts with holds (reservations) that are captured or released."""


class InsufficientFunds(Exception):
    """The account does not have enough available money."""


def _check_amount(amount):
    if not isinstance(amount, int) or isinstance(amount, bool) or amount < 1:
        raise ValueError(f"amount must be a positive integer, got {amount!r}")


class Wallet:
    def __init__(self):
        self._balances = {}
        self._active = {}  # name -> {hold_id: amount} for active holds
        self._owner = {}  # hold_id -> name, active holds only
        self._last_hold = 0

    def open(self, name):
        if name in self._balances:
            raise ValueError(f"account {name!r} already exists")
        self._balances[name] = 0
        self._active[name] = {}

    def _require(self, name):
        if name not in self._balances:
            raise KeyError(name)

    def balance(self, name):
        self._require(name)
        return self._balances[name]

    def available(self, name):
        self._require(name)
        return self._balances[name] - sum(self._active[name].values())

    def deposit(self, name, amount):
        self._require(name)
        _check_amount(amount)
        self._balances[name] += amount
        return self._balances[name]

    def withdraw(self, name, amount):
        self._require(name)
        _check_amount(amount)
        if amount > self.available(name):
            raise InsufficientFunds(f"{name!r} has only {self.available(name)} available")
        self._balances[name] -= amount
        return self._balances[name]

    def hold(self, name, amount):
        self._require(name)
        _check_amount(amount)
        if amount > self.available(name):
            raise InsufficientFunds(f"{name!r} has only {self.available(name)} available")
        self._last_hold += 1
        hold_id = self._last_hold
        self._active[name][hold_id] = amount
        self._owner[hold_id] = name
        return hold_id

    def _lookup(self, hold_id):
        if hold_id not in self._owner:
            raise KeyError(hold_id)
        name = self._owner[hold_id]
        return name, self._active[name][hold_id]

    def _end(self, name, hold_id):
        del self._owner[hold_id]
        del self._active[name][hold_id]

    def release(self, hold_id):
        name, _ = self._lookup(hold_id)
        self._end(name, hold_id)

    def capture(self, hold_id, amount=None):
        name, held = self._lookup(hold_id)
        if amount is None:
            amount = held
        _check_amount(amount)
        if amount > held:
            raise ValueError(f"cannot capture {amount}; hold {hold_id} is {held}")
        if amount == held:
            self._end(name, hold_id)
        else:
            self._active[name][hold_id] = held - amount
        self._balances[name] -= amount
        return self._balances[name]

    def holds(self, name):
        self._require(name)
        return dict(self._active[name])
