"""Bank storing transfers in a list indexed by id - 1; revert returns the amount moved."""


class InsufficientFunds(Exception):
    def __init__(self, account, needed, available):
        super().__init__(f"{account}: needs {needed}, has {available}")


class Bank:
    def __init__(self):
        self.balances = {}
        self.lines = {}
        self.transfers = []  # (src, dst, amount)
        self.reverted = set()

    def open(self, name, balance=0):
        ok = isinstance(balance, int) and not isinstance(balance, bool) and balance >= 0
        if not ok:
            raise ValueError("balance")
        if name in self.balances:
            raise ValueError("name")
        self.balances[name] = balance
        self.lines[name] = []

    def balance(self, name):
        return self.balances[name]

    def _check_funds(self, account, amount):
        if self.balances[account] < amount:
            raise InsufficientFunds(account, amount, self.balances[account])

    def _post(self, tx_id, payer, payee, amount):
        self.balances[payer] -= amount
        self.balances[payee] += amount
        self.lines[payer].append((tx_id, -amount))
        self.lines[payee].append((tx_id, amount))

    def transfer(self, src, dst, amount):
        self.balances[src], self.balances[dst]
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 1:
            raise ValueError("amount")
        if src == dst:
            raise ValueError("same account")
        self._check_funds(src, amount)
        self.transfers.append((src, dst, amount))
        tx_id = len(self.transfers)
        self._post(tx_id, src, dst, amount)
        return tx_id

    def revert(self, tx_id):
        if not isinstance(tx_id, int) or not 1 <= tx_id <= len(self.transfers):
            raise KeyError(tx_id)
        if tx_id in self.reverted:
            raise ValueError("transaction already reverted")
        src, dst, amount = self.transfers[tx_id - 1]
        self._check_funds(dst, amount)
        self._post(tx_id, dst, src, amount)
        self.reverted.add(tx_id)
        return amount

    def statement(self, name):
        return [tuple(line) for line in self.lines[name]]

    def total(self):
        return sum(self.balances.values())
