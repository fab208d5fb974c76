"""Wallet deriving balances from an entry log; holds live in one dict keyed by int id."""


class InsufficientFunds(RuntimeError):
    pass


class Wallet:
    def __init__(self):
        self._log = {}  # name -> list of signed amounts
        self._holds = {}  # hold_id -> [name, amount]
        self._next = 1

    def open(self, name):
        if name in self._log:
            raise ValueError("account already exists: %r" % (name,))
        self._log[name] = []

    def balance(self, name):
        return sum(self._log[name])

    def available(self, name):
        held = sum(amount for owner, amount in self._holds.values() if owner == name)
        return self.balance(name) - held

    @staticmethod
    def _amount_ok(amount):
        return isinstance(amount, int) and not isinstance(amount, bool) and amount >= 1

    def deposit(self, name, amount):
        if name not in self._log:
            raise KeyError(name)
        if not self._amount_ok(amount):
            raise ValueError("invalid amount")
        self._log[name].append(amount)
        return self.balance(name)

    def withdraw(self, name, amount):
        if not self._amount_ok(amount):
            raise ValueError("invalid amount")
        if self.available(name) < amount:
            raise InsufficientFunds("insufficient available funds")
        self._log[name].append(-amount)
        return self.balance(name)

    def hold(self, name, amount):
        if not self._amount_ok(amount):
            raise ValueError("invalid amount")
        if self.available(name) < amount:
            raise InsufficientFunds("insufficient available funds")
        hold_id, self._next = self._next, self._next + 1
        self._holds[hold_id] = [name, amount]
        return hold_id

    def release(self, hold_id):
        del self._holds[hold_id]

    def capture(self, hold_id, amount=None):
        if hold_id not in self._holds:
            raise KeyError(hold_id)
        name, held = self._holds[hold_id]
        take = held if amount is None else amount
        if not self._amount_ok(take):
            raise ValueError("invalid amount")
        if take > held:
            raise ValueError(f"hold {hold_id} only covers {held}")
        del self._holds[hold_id]
        self._log[name].append(-take)
        return self.balance(name)

    def holds(self, name):
        self._log[name]
        return {i: amount for i, (owner, amount) in self._holds.items() if owner == name}
