"""Ticket workflow with hand-written checks in each method."""


class WorkflowError(Exception):
    """Any refused ticket operation."""


class InvalidTransition(WorkflowError):
    """The action does not exist for the current state."""


class GuardError(WorkflowError):
    """The action exists but a precondition failed."""


class Ticket:
    def __init__(self, title):
        self.title = title
        self.state = "open"
        self.assignee = None
        self.resolution = None
        self.paused_state = None
        self.reopens_left = 2
        self.history = []

    def _refuse(self, action):
        raise InvalidTransition(f"ticket {self.title!r}: {action} refused in {self.state}")

    def _set(self, action, new_state):
        self.history.append((action, self.state, new_state))
        self.state = new_state

    def assign(self, name):
        if self.state == "closed":
            self._refuse("assign")
        if not name or not isinstance(name, str):
            raise ValueError("empty assignee")
        self.assignee = name

    def start(self):
        if self.state != "open":
            self._refuse("start")
        if self.assignee is None:
            raise GuardError("unassigned ticket")
        self._set("start", "in_progress")

    def block(self, reason):
        if self.state not in ("open", "in_progress"):
            self._refuse("block")
        self.paused_state = self.state
        self._set("block", "blocked")

    def unblock(self):
        if self.state != "blocked":
            self._refuse("unblock")
        self._set("unblock", self.paused_state)

    def resolve(self, resolution):
        if self.state != "in_progress":
            self._refuse("resolve")
        if not resolution or not isinstance(resolution, str):
            raise GuardError("empty resolution")
        self.resolution = resolution
        self._set("resolve", "resolved")

    def reopen(self):
        if self.state != "resolved":
            self._refuse("reopen")
        if self.reopens_left == 0:
            raise GuardError("no reopens left")
        self.reopens_left -= 1
        self._set("reopen", "in_progress")

    def close(self):
        if self.state != "resolved":
            self._refuse("close")
        self._set("close", "closed")

    def log(self):
        return list(self.history)
