"""Append-only journal of dated account entries."""


class Journal:
    def post(self, account, amount, day, memo=""):
        raise NotImplementedError

    def balance(self, account, day=None):
        raise NotImplementedError

    def history(self, account, start=None, end=None):
        raise NotImplementedError

    def accounts(self):
        raise NotImplementedError

    def reverse(self, entry_id, day):
        raise NotImplementedError
