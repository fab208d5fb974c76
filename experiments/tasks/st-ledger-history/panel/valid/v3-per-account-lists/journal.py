"""Journal with one list per account, kept in (day, id) order by linear insertion."""


class Journal:
    def __init__(self):
        self._books = {}  # account -> list of entry dicts in (day, id) order
        self._where = {}  # id -> account
        self._reversals = {}
        self._count = 0

    def post(self, account, amount, day, memo=""):
        if not isinstance(amount, int) or isinstance(amount, bool) or amount == 0:
            raise ValueError("amount")
        if not isinstance(day, int) or isinstance(day, bool) or day < 0:
            raise ValueError("day")
        self._count += 1
        entry = {"id": self._count, "day": day, "amount": amount, "memo": memo}
        book = self._books.setdefault(account, [])
        pos = len(book)
        while pos > 0 and book[pos - 1]["day"] > day:
            pos -= 1
        book.insert(pos, entry)
        self._where[self._count] = account
        return self._count

    def balance(self, account, day=None):
        total = 0
        for e in self._books.get(account, ()):
            if day is not None and e["day"] > day:
                break
            total += e["amount"]
        return total

    def history(self, account, start=None, end=None):
        out, running = [], 0
        for e in self._books.get(account, ()):
            running += e["amount"]
            inside = (start is None or start <= e["day"]) and (end is None or e["day"] <= end)
            if inside:
                out.append(dict(e, balance=running))
        return out

    def accounts(self):
        return sorted(self._books)

    def reverse(self, entry_id, day):
        account = self._where[entry_id]
        if entry_id in self._reversals:
            raise ValueError(f"entry {entry_id} already has reversal {self._reversals[entry_id]}")
        amount = next(e["amount"] for e in self._books[account] if e["id"] == entry_id)
        new_id = self.post(account, -amount, day, f"reversal of {entry_id}")
        self._reversals[entry_id] = new_id
        return new_id
