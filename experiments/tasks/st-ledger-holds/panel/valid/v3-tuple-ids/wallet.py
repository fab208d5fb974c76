"""Wallet whose hold ids are (account, sequence) tuples kept in per-account lists."""


class InsufficientFunds(Exception):
    def __init__(self, name, wanted, available):
        super().__init__(f"{name}: wanted {wanted}, available {available}")


class Wallet:
    def __init__(self):
        self._bal = {}
        self._holds = {}  # name -> list of [hold_id, amount], active holds only
        self._seq = 0

    def open(self, name):
        if name in self._bal:
            raise ValueError("duplicate")
        self._bal[name] = 0
        self._holds[name] = []

    @staticmethod
    def _check(amount):
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 1:
            raise ValueError("amount")

    def balance(self, name):
        return self._bal[name]

    def available(self, name):
        return self._bal[name] - sum(amount for _, amount in self._holds[name])

    def deposit(self, name, amount):
        self._bal[name]
        self._check(amount)
        self._bal[name] += amount
        return self._bal[name]

    def _need(self, name, amount):
        self._bal[name]
        self._check(amount)
        if amount > self.available(name):
            raise InsufficientFunds(name, amount, self.available(name))

    def withdraw(self, name, amount):
        self._need(name, amount)
        self._bal[name] -= amount
        return self._bal[name]

    def hold(self, name, amount):
        self._need(name, amount)
        self._seq += 1
        hold_id = (name, self._seq)
        self._holds[name].append([hold_id, amount])
        return hold_id

    def _find(self, hold_id):
        try:
            name = hold_id[0]
            rows = self._holds[name]
        except (TypeError, IndexError, KeyError):
            raise KeyError(hold_id) from None
        for index, (hid, amount) in enumerate(rows):
            if hid == hold_id:
                return name, index, amount
        raise KeyError(hold_id)

    def release(self, hold_id):
        name, index, _ = self._find(hold_id)
        del self._holds[name][index]

    def capture(self, hold_id, amount=None):
        name, index, held = self._find(hold_id)
        if amount is None:
            amount = held
        self._check(amount)
        if amount > held:
            raise ValueError("capture larger than hold")
        del self._holds[name][index]
        self._bal[name] -= amount
        return self._bal[name]

    def holds(self, name):
        return {hid: amount for hid, amount in self._holds[name]}
