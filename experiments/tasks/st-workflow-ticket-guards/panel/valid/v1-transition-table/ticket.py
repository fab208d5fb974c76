"""Ticket workflow driven by a (state, action) -> state table plus guard checks."""

TABLE = {
    ("open", "start"): "in_progress",
    ("open", "block"): "blocked",
    ("in_progress", "block"): "blocked",
    ("in_progress", "resolve"): "resolved",
    ("resolved", "reopen"): "in_progress",
    ("resolved", "close"): "closed",
}


class WorkflowError(Exception):
    pass


class InvalidTransition(WorkflowError):
    pass


class GuardError(WorkflowError):
    pass


class Ticket:
    def __init__(self, title):
        self.title = title
        self.state = "open"
        self.assignee = None
        self.resolution = None
        self._return_to = None
        self._reopened = 0
        self._entries = []

    def _target(self, action):
        if action == "unblock" and self.state == "blocked":
            return self._return_to
        try:
            return TABLE[(self.state, action)]
        except KeyError:
            raise InvalidTransition(f"{action} not allowed from {self.state}") from None

    def _commit(self, action, target):
        self._entries.append((action, self.state, target))
        self.state = target

    def assign(self, name):
        if self.state == "closed":
            raise InvalidTransition("closed tickets cannot be reassigned")
        if type(name) is not str or name == "":
            raise ValueError("bad assignee")
        self.assignee = name

    def start(self):
        target = self._target("start")
        if not self.assignee:
            raise GuardError("nobody is assigned")
        self._commit("start", target)

    def block(self, reason):
        target = self._target("block")
        self._return_to = self.state
        self._commit("block", target)

    def unblock(self):
        self._commit("unblock", self._target("unblock"))

    def resolve(self, resolution):
        target = self._target("resolve")
        if type(resolution) is not str or resolution == "":
            raise GuardError("resolution missing")
        self.resolution = resolution
        self._commit("resolve", target)

    def reopen(self):
        target = self._target("reopen")
        if self._reopened == 2:
            raise GuardError("reopen limit reached")
        self._reopened += 1
        self._commit("reopen", target)

    def close(self):
        self._commit("close", self._target("close"))

    def log(self):
        return self._entries.copy()
