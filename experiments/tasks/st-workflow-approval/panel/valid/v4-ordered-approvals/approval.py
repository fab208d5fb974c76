"""Approval request keeping approvals in arrival order (a list without duplicates)."""


class InvalidState(Exception):
    pass


class ApprovalRequest:
    def __init__(self, author, approvers, required=1):
        self.author = author
        self.approvers = list(dict.fromkeys(approvers))
        if not isinstance(required, int) or isinstance(required, bool):
            raise ValueError(required)
        if required not in range(1, len(self.approvers) + 1):
            raise ValueError(required)
        self.required = required
        self.state = "draft"
        self.text = ""
        self.rejection_reason = None
        self.round_approvals = []

    def _in(self, wanted, action):
        if self.state != wanted:
            raise InvalidState(f"{action}: request must be {wanted}, is {self.state}")

    def edit(self, text):
        self._in("draft", "edit")
        self.text = text

    def submit(self):
        self._in("draft", "submit")
        self.state = "submitted"

    def approve(self, user):
        self._in("submitted", "approve")
        if user not in self.approvers:
            raise PermissionError(f"{user} cannot act on this request")
        if user == self.author:
            raise PermissionError(f"{user} wrote this request")
        if user in self.round_approvals:
            return
        self.round_approvals.append(user)
        if len(self.round_approvals) == self.required:
            self.state = "approved"

    def reject(self, user, reason):
        self._in("submitted", "reject")
        if user not in self.approvers:
            raise PermissionError(f"{user} cannot act on this request")
        self.state = "rejected"
        self.rejection_reason = reason

    def revise(self):
        self._in("rejected", "revise")
        del self.round_approvals[:]
        self.rejection_reason = None
        self.state = "draft"

    def approvals(self):
        return sorted(self.round_approvals)
