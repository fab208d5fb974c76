"""Journal whose history dicts also carry the account name and the reversal link."""


class Journal:
    def __init__(self):
        self.entries = {}  # id -> dict

    def post(self, account, amount, day, memo=""):
        valid_amount = isinstance(amount, int) and not isinstance(amount, bool) and amount != 0
        valid_day = isinstance(day, int) and not isinstance(day, bool) and day >= 0
        if not (valid_amount and valid_day):
            raise ValueError(f"cannot post amount={amount!r} day={day!r}")
        new_id = len(self.entries) + 1
        self.entries[new_id] = {"account": account, "day": day, "amount": amount,
                                "memo": memo, "reversed_by": None}
        return new_id

    def _timeline(self, account):
        ids = [i for i, e in self.entries.items() if e["account"] == account]
        ids.sort(key=lambda i: (self.entries[i]["day"], i))
        return ids

    def balance(self, account, day=None):
        return sum(self.entries[i]["amount"] for i in self._timeline(account)
                   if day is None or self.entries[i]["day"] <= day)

    def history(self, account, start=None, end=None):
        running = 0
        found = []
        for i in self._timeline(account):
            e = self.entries[i]
            running += e["amount"]
            if start is not None and e["day"] < start:
                continue
            if end is not None and e["day"] > end:
                continue
            found.append({"id": i, "account": account, "day": e["day"], "amount": e["amount"],
                          "memo": e["memo"], "balance": running,
                          "reversed_by": e["reversed_by"]})
        return found

    def accounts(self):
        return sorted({e["account"] for e in self.entries.values()})

    def reverse(self, entry_id, day):
        if entry_id not in self.entries:
            raise KeyError(entry_id)
        e = self.entries[entry_id]
        if e["reversed_by"] is not None:
            raise ValueError("entry was already reversed")
        new_id = self.post(e["account"], -e["amount"], day, "reversal of " + str(entry_id))
        e["reversed_by"] = new_id
        return new_id
