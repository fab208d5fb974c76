"""Wallet where each hold is an object with a state; hold ids are strings like "H1"."""
from dataclasses import dataclass


class InsufficientFunds(Exception):
    pass


@dataclass
class _Hold:
    account: str
    amount: int
    state: str = "active"


class Wallet:
    def __init__(self):
        self._balance = {}
        self._holds = {}

    @staticmethod
    def _amount(value):
        if type(value) is not int or value < 1:
            raise ValueError("amount must be a positive int")
        return value

    def _acct(self, name):
        if name not in self._balance:
            raise KeyError(f"no such account: {name}")
        return name

    def open(self, name):
        if name in self._balance:
            raise ValueError("account exists")
        self._balance[name] = 0

    def balance(self, name):
        return self._balance[self._acct(name)]

    def _reserved(self, name):
        return sum(h.amount for h in self._holds.values() if h.account == name and h.state == "active")

    def available(self, name):
        return self.balance(name) - self._reserved(name)

    def deposit(self, name, amount):
        self._balance[self._acct(name)] += self._amount(amount)
        return self._balance[name]

    def withdraw(self, name, amount):
        if self._amount(amount) > self.available(name):
            raise InsufficientFunds(name)
        self._balance[name] -= amount
        return self._balance[name]

    def hold(self, name, amount):
        if self._amount(amount) > self.available(name):
            raise InsufficientFunds(name)
        hold_id = f"H{len(self._holds) + 1}"
        self._holds[hold_id] = _Hold(name, amount)
        return hold_id

    def _active(self, hold_id):
        hold = self._holds.get(hold_id)
        if hold is None or hold.state != "active":
            raise KeyError(hold_id)
        return hold

    def release(self, hold_id):
        self._active(hold_id).state = "released"

    def capture(self, hold_id, amount=None):
        hold = self._active(hold_id)
        taken = hold.amount if amount is None else self._amount(amount)
        if taken > hold.amount:
            raise ValueError("capture exceeds hold")
        hold.state = "captured"
        self._balance[hold.account] -= taken
        return self._balance[hold.account]

    def holds(self, name):
        self._acct(name)
        return {i: h.amount for i, h in self._holds.items() if h.account == name and h.state == "active"}
