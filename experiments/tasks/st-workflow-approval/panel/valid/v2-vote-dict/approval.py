"""Approval request keeping a dict of votes for the current round."""

ALLOWED = {
    "edit": "draft",
    "submit": "draft",
    "approve": "submitted",
    "reject": "submitted",
    "revise": "rejected",
}


class InvalidState(RuntimeError):
    pass


class ApprovalRequest:
    def __init__(self, author, approvers, required=1):
        self.author = author
        self._approvers = set(approvers)
        if isinstance(required, bool) or not isinstance(required, int):
            raise ValueError("required must be an int")
        if not 0 < required <= len(self._approvers):
            raise ValueError("required out of range")
        self.required = required
        self.state = "draft"
        self.text = ""
        self.rejection_reason = None
        self._votes = {}

    def _guard(self, action):
        if ALLOWED[action] != self.state:
            raise InvalidState(action, self.state)

    def _member(self, user):
        if user not in self._approvers:
            raise PermissionError("not allowed: %s" % user)

    def edit(self, text):
        self._guard("edit")
        self.text = text

    def submit(self):
        self._guard("submit")
        self.state = "submitted"

    def approve(self, user):
        self._guard("approve")
        self._member(user)
        if user == self.author:
            raise PermissionError("self-approval is not allowed")
        self._votes[user] = True
        if sum(self._votes.values()) == self.required:
            self.state = "approved"

    def reject(self, user, reason):
        self._guard("reject")
        self._member(user)
        self.state = "rejected"
        self.rejection_reason = reason

    def revise(self):
        self._guard("revise")
        self._votes = {}
        self.rejection_reason = None
        self.state = "draft"

    def approvals(self):
        return sorted(u for u, ok in self._votes.items() if ok)
