"""Approval request that needs a number of distinct approvers."""


class InvalidState(Exception):
    """The action is not allowed in the request's current state."""


class ApprovalRequest:
    def __init__(self, author, approvers, required=1):
        self.author = author
        self.approvers = frozenset(approvers)
        valid = isinstance(required, int) and not isinstance(required, bool)
        if not valid or not 1 <= required <= len(self.approvers):
            raise ValueError(
                f"required must be between 1 and {len(self.approvers)}, got {required!r}"
            )
        self.required = required
        self.state = "draft"
        self.text = ""
        self.rejection_reason = None
        self._approved = set()

    def _expect(self, action, state):
        if self.state != state:
            raise InvalidState(f"cannot {action} a request that is {self.state}")

    def _check_approver(self, user):
        if user not in self.approvers:
            raise PermissionError(f"{user!r} is not an approver of this request")

    def edit(self, text):
        self._expect("edit", "draft")
        self.text = text

    def submit(self):
        self._expect("submit", "draft")
        self.state = "submitted"

    def approve(self, user):
        self._expect("approve", "submitted")
        self._check_approver(user)
        if user == self.author:
            raise PermissionError("the author cannot approve their own request")
        self._approved.add(user)
        if len(self._approved) >= self.required:
            self.state = "approved"

    def reject(self, user, reason):
        self._expect("reject", "submitted")
        self.state = "rejected"
        self.rejection_reason = reason

    def revise(self):
        self._expect("revise", "rejected")
        self.state = "draft"
        self.rejection_reason = None
        self._approved.clear()

    def approvals(self):
        return sorted(self._approved)
