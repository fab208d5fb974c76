"""Bank accounts that change only through atomic, revertible transfers."""


class InsufficientFunds(Exception):
    """The paying account does not hold enough money."""


def _is_int(value, minimum):
    return isinstance(value, int) and not isinstance(value, bool) and value >= minimum


class Bank:
    def __init__(self):
        self._balances = {}
        self._statements = {}
        self._transactions = {}  # id -> [src, dst, amount, reverted]
        self._last_id = 0

    def open(self, name, balance=0):
        if name in self._balances:
            raise ValueError(f"account {name!r} already exists")
        if not _is_int(balance, 0):
            raise ValueError(f"opening balance must be a non-negative integer, got {balance!r}")
        self._balances[name] = balance
        self._statements[name] = []

    def _require(self, *names):
        for name in names:
            if name not in self._balances:
                raise KeyError(name)

    def balance(self, name):
        self._require(name)
        return self._balances[name]

    def _move(self, tx_id, src, dst, amount):
        if self._balances[src] < amount:
            raise InsufficientFunds(f"{src!r} holds {self._balances[src]}, needs {amount}")
        self._balances[src] -= amount
        self._balances[dst] += amount
        self._statements[src].append((tx_id, -amount))
        self._statements[dst].append((tx_id, amount))

    def transfer(self, src, dst, amount):
        self._require(src, dst)
        if not _is_int(amount, 1):
            raise ValueError(f"amount must be a positive integer, got {amount!r}")
        if src == dst:
            raise ValueError("cannot transfer to the same account")
        tx_id = self._last_id + 1
        self._move(tx_id, src, dst, amount)
        self._last_id = tx_id
        self._transactions[tx_id] = [src, dst, amount, False]
        return tx_id

    def revert(self, tx_id):
        tx = self._transactions.get(tx_id)
        if tx is None:
            raise KeyError(tx_id)
        src, dst, amount, reverted = tx
        if reverted:
            raise ValueError(f"transaction {tx_id} was already reverted")
        self._move(tx_id, dst, src, amount)
        tx[3] = True

    def statement(self, name):
        self._require(name)
        return self._statements[name]

    def total(self):
        return sum(self._balances.values())
