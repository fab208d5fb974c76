"""Journal keeping a per-account index sorted by (day, id) with bisect."""
import bisect


class Journal:
    def __init__(self):
        self._by_id = {}
        self._index = {}  # account -> sorted list of (day, id)
        self._done = set()

    def post(self, account, amount, day, memo=""):
        if type(amount) is not int or not amount:
            raise ValueError("amount must be a non-zero int")
        if type(day) is not int or day < 0:
            raise ValueError("day must be an int >= 0")
        entry_id = len(self._by_id) + 1
        self._by_id[entry_id] = (account, day, amount, memo)
        bisect.insort(self._index.setdefault(account, []), (day, entry_id))
        return entry_id

    def balance(self, account, day=None):
        keys = self._index.get(account, [])
        if day is not None:
            keys = keys[: bisect.bisect_right(keys, (day, float("inf")))]
        return sum(self._by_id[i][2] for _, i in keys)

    def history(self, account, start=None, end=None):
        rows, total = [], 0
        for day, entry_id in self._index.get(account, []):
            _, _, amount, memo = self._by_id[entry_id]
            total += amount
            if start is not None and day < start:
                continue
            if end is not None and day > end:
                break
            rows.append(dict(id=entry_id, day=day, amount=amount, memo=memo, balance=total))
        return rows

    def accounts(self):
        return sorted(self._index)

    def reverse(self, entry_id, day):
        account, _, amount, _ = self._by_id[entry_id]
        if entry_id in self._done:
            raise ValueError("already reversed")
        new_id = self.post(account, -amount, day, "reversal of %d" % entry_id)
        self._done.add(entry_id)
        return new_id
