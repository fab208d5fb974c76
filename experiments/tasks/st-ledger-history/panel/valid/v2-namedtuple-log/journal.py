"""Journal storing immutable namedtuple rows and sorting on every query."""
from collections import namedtuple

Row = namedtuple("Row", "id account day amount memo reversed_by")


class Journal:
    def __init__(self):
        self._rows = []

    @staticmethod
    def _check(amount, day):
        for value in (amount, day):
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"integer expected, got {value!r}")
        if amount == 0:
            raise ValueError("zero amount")
        if day < 0:
            raise ValueError("negative day")

    def post(self, account, amount, day, memo=""):
        self._check(amount, day)
        self._rows.append(Row(len(self._rows) + 1, account, day, amount, memo, None))
        return len(self._rows)

    def _sorted(self, account):
        return sorted((r for r in self._rows if r.account == account),
                      key=lambda r: (r.day, r.id))

    def balance(self, account, day=None):
        return sum(r.amount for r in self._sorted(account) if day is None or r.day <= day)

    def history(self, account, start=None, end=None):
        lo = float("-inf") if start is None else start
        hi = float("inf") if end is None else end
        result, running = [], 0
        for r in self._sorted(account):
            running += r.amount
            if lo <= r.day <= hi:
                result.append({"id": r.id, "day": r.day, "amount": r.amount,
                               "memo": r.memo, "balance": running})
        return result

    def accounts(self):
        return sorted(set(r.account for r in self._rows))

    def reverse(self, entry_id, day):
        if entry_id not in range(1, len(self._rows) + 1):
            raise KeyError(f"no entry {entry_id}")
        row = self._rows[entry_id - 1]
        if row.reversed_by is not None:
            raise ValueError(f"entry {entry_id} already reversed by {row.reversed_by}")
        new_id = self.post(row.account, -row.amount, day, f"reversal of {entry_id}")
        self._rows[entry_id - 1] = row._replace(reversed_by=new_id)
        return new_id
