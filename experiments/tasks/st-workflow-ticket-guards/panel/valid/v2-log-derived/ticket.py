"""Ticket workflow that derives the pre-block state and reopen count from its log.

Reopening clears the previous resolution, since the ticket is unresolved again.
"""


class WorkflowError(Exception):
    pass


class InvalidTransition(WorkflowError):
    pass


class GuardError(WorkflowError):
    pass


class Ticket:
    def __init__(self, title):
        self.title = title
        self.assignee = None
        self.resolution = None
        self._log = []

    @property
    def state(self):
        return self._log[-1][2] if self._log else "open"

    def _allow(self, action, states):
        if self.state not in states:
            raise InvalidTransition(action, self.state)

    def _record(self, action, target):
        self._log.append((action, self.state, target))

    def assign(self, name):
        self._allow("assign", {"open", "in_progress", "blocked", "resolved"})
        if not isinstance(name, str) or not name:
            raise ValueError(name)
        self.assignee = name

    def start(self):
        self._allow("start", {"open"})
        if self.assignee is None:
            raise GuardError("start() needs an assignee")
        self._record("start", "in_progress")

    def block(self, reason):
        self._allow("block", {"open", "in_progress"})
        self._record("block", "blocked")

    def unblock(self):
        self._allow("unblock", {"blocked"})
        previous = next(src for act, src, _ in reversed(self._log) if act == "block")
        self._record("unblock", previous)

    def resolve(self, resolution):
        self._allow("resolve", {"in_progress"})
        if not isinstance(resolution, str) or not resolution:
            raise GuardError("resolve() needs a resolution")
        self.resolution = resolution
        self._record("resolve", "resolved")

    def reopen(self):
        self._allow("reopen", {"resolved"})
        if sum(1 for act, _, _ in self._log if act == "reopen") >= 2:
            raise GuardError("too many reopens")
        self.resolution = None
        self._record("reopen", "in_progress")

    def close(self):
        self._allow("close", {"resolved"})
        self._record("close", "closed")

    def log(self):
        return list(self._log)
