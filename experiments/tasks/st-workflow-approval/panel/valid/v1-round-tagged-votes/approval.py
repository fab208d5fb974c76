"""Approval request storing (round, user) approvals; a new round ignores older ones."""


class InvalidState(Exception):
    pass


class ApprovalRequest:
    def __init__(self, author, approvers, required=1):
        self.author = author
        self.approvers = set(approvers)
        if type(required) is not int or required < 1 or required > len(self.approvers):
            raise ValueError("invalid number of required approvals")
        self.required = required
        self.state = "draft"
        self.text = ""
        self.rejection_reason = None
        self._round = 0
        self._votes = []  # (round, user)

    def _current(self):
        return [user for rnd, user in self._votes if rnd == self._round]

    def _need(self, state):
        if self.state != state:
            raise InvalidState(f"request is {self.state}, expected {state}")

    def edit(self, text):
        self._need("draft")
        self.text = text

    def submit(self):
        self._need("draft")
        self.state = "submitted"

    def approve(self, user):
        self._need("submitted")
        if user not in self.approvers or user == self.author:
            raise PermissionError(f"{user} may not approve")
        if user not in self._current():
            self._votes.append((self._round, user))
        if len(self._current()) >= self.required:
            self.state = "approved"

    def reject(self, user, reason):
        self._need("submitted")
        if user not in self.approvers:
            raise PermissionError(f"{user} may not reject")
        self.rejection_reason = reason
        self.state = "rejected"

    def revise(self):
        self._need("rejected")
        self._round += 1
        self.rejection_reason = None
        self.state = "draft"

    def approvals(self):
        return sorted(self._current())
