"""Append-only journal of dated account entries."""


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


class Journal:
    def __init__(self):
        self._entries = []  # dicts in posting order; entry id == index + 1
        self._reversed = set()

    def post(self, account, amount, day, memo=""):
        if not _is_int(amount) or amount == 0:
            raise ValueError(f"amount must be a non-zero integer, got {amount!r}")
        if not _is_int(day) or day < 0:
            raise ValueError(f"day must be a non-negative integer, got {day!r}")
        entry_id = len(self._entries) + 1
        self._entries.append(
            {"id": entry_id, "account": account, "day": day, "amount": amount, "memo": memo}
        )
        return entry_id

    def _ordered(self, account):
        rows = [e for e in self._entries if e["account"] == account]
        return sorted(rows, key=lambda e: (e["day"], e["id"]))

    def balance(self, account, day=None):
        return sum(
            e["amount"] for e in self._entries
            if e["account"] == account and (day is None or e["day"] <= day)
        )

    def history(self, account, start=None, end=None):
        out = []
        running = 0
        for e in self._ordered(account):
            running += e["amount"]
            if (start is None or e["day"] >= start) and (end is None or e["day"] <= end):
                out.append({"id": e["id"], "day": e["day"], "amount": e["amount"],
                            "memo": e["memo"], "balance": running})
        return out

    def accounts(self):
        return sorted({e["account"] for e in self._entries})

    def reverse(self, entry_id, day):
        if not _is_int(entry_id) or not 1 <= entry_id <= len(self._entries):
            raise KeyError(entry_id)
        original = self._entries[entry_id - 1]
        new_id = self.post(original["account"], -original["amount"], day,
                           f"reversal of {entry_id}")
        self._reversed.add(entry_id)
        return new_id
