"""Approval request whose states are str-valued enum members."""
from enum import Enum


class State(str, Enum):
    DRAFT = "draft"
    SUBMITTED = "submitted"
    APPROVED = "approved"
    REJECTED = "rejected"


class InvalidState(Exception):
    def __init__(self, action, state):
        super().__init__(f"{action} is not possible while {state.value}")
        self.action = action
        self.state = state


class ApprovalRequest:
    def __init__(self, author, approvers, required=1):
        pool = set()
        for name in approvers:
            pool.add(name)
        if not isinstance(required, int) or isinstance(required, bool):
            raise ValueError("required must be an integer")
        if required < 1 or required > len(pool):
            raise ValueError(f"required={required} but only {len(pool)} approvers")
        self.author = author
        self.approvers = pool
        self.required = required
        self.state = State.DRAFT
        self.text = ""
        self.rejection_reason = None
        self.approved_by = set()

    def _only(self, action, state):
        if self.state is not state:
            raise InvalidState(action, self.state)

    def edit(self, text):
        self._only("edit", State.DRAFT)
        self.text = text

    def submit(self):
        self._only("submit", State.DRAFT)
        self.state = State.SUBMITTED

    def approve(self, user):
        self._only("approve", State.SUBMITTED)
        if user == self.author:
            raise PermissionError("authors cannot approve")
        if user not in self.approvers:
            raise PermissionError("unknown approver")
        self.approved_by.add(user)
        if len(self.approved_by) == self.required:
            self.state = State.APPROVED

    def reject(self, user, reason):
        self._only("reject", State.SUBMITTED)
        if user not in self.approvers:
            raise PermissionError("unknown approver")
        self.rejection_reason = reason
        self.state = State.REJECTED

    def revise(self):
        self._only("revise", State.REJECTED)
        self.approved_by = set()
        self.rejection_reason = None
        self.state = State.DRAFT

    def approvals(self):
        return sorted(self.approved_by)
