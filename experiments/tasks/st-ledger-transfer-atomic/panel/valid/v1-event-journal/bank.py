"""Bank whose balances are replayed from opening balances and a journal of moves."""


class InsufficientFunds(Exception):
    pass


class Bank:
    def __init__(self):
        self._opening = {}
        self._journal = []  # (tx_id, payer, payee, amount) in order, reverts included
        self._transfers = {}  # tx_id -> (src, dst, amount)
        self._reverted = set()

    def open(self, name, balance=0):
        if name in self._opening or type(balance) is not int or balance < 0:
            raise ValueError("cannot open account")
        self._opening[name] = balance

    def _known(self, name):
        if name not in self._opening:
            raise KeyError(name)

    def balance(self, name):
        self._known(name)
        value = self._opening[name]
        for _, payer, payee, amount in self._journal:
            if payer == name:
                value -= amount
            elif payee == name:
                value += amount
        return value

    def _book(self, tx_id, payer, payee, amount):
        if self.balance(payer) < amount:
            raise InsufficientFunds(payer)
        self._journal.append((tx_id, payer, payee, amount))

    def transfer(self, src, dst, amount):
        self._known(src)
        self._known(dst)
        if type(amount) is not int or amount < 1 or src == dst:
            raise ValueError("invalid transfer")
        tx_id = len(self._transfers) + 1
        self._book(tx_id, src, dst, amount)
        self._transfers[tx_id] = (src, dst, amount)
        return tx_id

    def revert(self, tx_id):
        if tx_id not in self._transfers:
            raise KeyError(tx_id)
        if tx_id in self._reverted:
            raise ValueError("already reverted")
        src, dst, amount = self._transfers[tx_id]
        self._book(tx_id, dst, src, amount)
        self._reverted.add(tx_id)

    def statement(self, name):
        self._known(name)
        rows = []
        for tx_id, payer, payee, amount in self._journal:
            if payer == name:
                rows.append((tx_id, -amount))
            elif payee == name:
                rows.append((tx_id, amount))
        return rows

    def total(self):
        return sum(self.balance(n) for n in self._opening)
