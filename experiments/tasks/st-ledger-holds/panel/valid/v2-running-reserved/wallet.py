"""Wallet that tracks each account's reserved total incrementally."""
import itertools


class InsufficientFunds(ValueError):
    pass


class Wallet:
    def __init__(self):
        self._accounts = {}  # name -> {"balance": int, "reserved": int}
        self._holds = {}  # hold_id -> (name, amount), active only
        self._ids = itertools.count(1000)

    def open(self, name):
        if name in self._accounts:
            raise ValueError(f"{name} already open")
        self._accounts[name] = {"balance": 0, "reserved": 0}

    def _acct(self, name):
        return self._accounts[name]

    @staticmethod
    def _valid(amount):
        if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
            raise ValueError(f"bad amount {amount!r}")

    def balance(self, name):
        return self._acct(name)["balance"]

    def available(self, name):
        acct = self._acct(name)
        return acct["balance"] - acct["reserved"]

    def deposit(self, name, amount):
        acct = self._acct(name)
        self._valid(amount)
        acct["balance"] += amount
        return acct["balance"]

    def _ensure(self, name, amount):
        self._valid(amount)
        if amount > self.available(name):
            raise InsufficientFunds(f"{amount} exceeds available {self.available(name)}")

    def withdraw(self, name, amount):
        self._ensure(name, amount)
        self._acct(name)["balance"] -= amount
        return self._acct(name)["balance"]

    def hold(self, name, amount):
        self._ensure(name, amount)
        hold_id = next(self._ids)
        self._holds[hold_id] = (name, amount)
        self._acct(name)["reserved"] += amount
        return hold_id

    def _pop(self, hold_id):
        name, held = self._holds.pop(hold_id)
        self._acct(name)["reserved"] -= held
        return name, held

    def release(self, hold_id):
        self._pop(hold_id)

    def capture(self, hold_id, amount=None):
        name, held = self._holds[hold_id]
        if amount is not None:
            self._valid(amount)
            if amount > held:
                raise ValueError("more than held")
        self._pop(hold_id)
        acct = self._acct(name)
        acct["balance"] -= held if amount is None else amount
        return acct["balance"]

    def holds(self, name):
        self._acct(name)
        return {i: amt for i, (owner, amt) in self._holds.items() if owner == name}
