"""Bank recording each move as a double-entry posting pair."""


class InsufficientFunds(RuntimeError):
    pass


class Bank:
    def __init__(self):
        self._accounts = {}
        self._postings = []  # (tx_id, account, delta)
        self._status = {}  # tx_id -> "done" | "reverted"
        self._details = {}

    def open(self, name, balance=0):
        if name in self._accounts:
            raise ValueError(f"duplicate account: {name}")
        if not isinstance(balance, int) or isinstance(balance, bool) or balance < 0:
            raise ValueError(f"invalid opening balance: {balance!r}")
        self._accounts[name] = balance

    def balance(self, name):
        if name not in self._accounts:
            raise KeyError(name)
        return self._accounts[name]

    def _post_pair(self, tx_id, payer, payee, amount):
        if self._accounts[payer] - amount < 0:
            raise InsufficientFunds(f"{payer} cannot pay {amount}")
        for account, delta in ((payer, -amount), (payee, amount)):
            self._accounts[account] += delta
            self._postings.append((tx_id, account, delta))

    def transfer(self, src, dst, amount):
        self.balance(src)
        self.balance(dst)
        if not isinstance(amount, int) or isinstance(amount, bool) or amount <= 0:
            raise ValueError(f"invalid amount: {amount!r}")
        if src == dst:
            raise ValueError("a transfer needs two different accounts")
        tx_id = max(self._status, default=0) + 1
        self._post_pair(tx_id, src, dst, amount)
        self._status[tx_id] = "done"
        self._details[tx_id] = (src, dst, amount)
        return tx_id

    def revert(self, tx_id):
        state = self._status.get(tx_id)
        if state is None:
            raise KeyError(f"no transaction {tx_id}")
        if state == "reverted":
            raise ValueError(f"transaction {tx_id} is already reverted")
        src, dst, amount = self._details[tx_id]
        self._post_pair(tx_id, dst, src, amount)
        self._status[tx_id] = "reverted"

    def statement(self, name):
        self.balance(name)
        return [(tx_id, delta) for tx_id, account, delta in self._postings if account == name]

    def total(self):
        return sum(self._accounts.values())
