"""Support ticket workflow with guarded transitions."""

MAX_REOPENS = 2


class WorkflowError(Exception):
    """Base class of every workflow refusal."""


class InvalidTransition(WorkflowError):
    def __init__(self, action, state):
        super().__init__(f"cannot {action} a ticket that is {state}")
        self.action = action
        self.state = state


class GuardError(WorkflowError):
    """The transition exists but its precondition does not hold."""


class Ticket:
    def __init__(self, title):
        self.title = title
        self.state = "open"
        self.assignee = None
        self.resolution = None
        self.block_reason = None
        self._blocked_from = None
        self._reopens = 0
        self._log = []

    def _require(self, action, *states):
        if self.state not in states:
            raise InvalidTransition(action, self.state)

    def _move(self, action, target):
        self._log.append((action, self.state, target))
        self.state = target

    def assign(self, name):
        if self.state == "closed":
            raise InvalidTransition("assign", self.state)
        if not isinstance(name, str) or not name:
            raise ValueError("assignee must be a non-empty string")
        self.assignee = name

    def start(self):
        self._require("start", "open")
        if self.assignee is None:
            raise GuardError("an assignee is required to start work")
        self._move("start", "in_progress")

    def block(self, reason):
        self._require("block", "open", "in_progress")
        self._blocked_from = self.state
        self.block_reason = reason
        self._move("block", "blocked")

    def unblock(self):
        self._require("unblock", "blocked")
        self._move("unblock", "in_progress")
        self._blocked_from = None

    def resolve(self, resolution):
        self._require("resolve", "in_progress")
        if not isinstance(resolution, str) or not resolution:
            raise GuardError("a resolution text is required")
        self.resolution = resolution
        self._move("resolve", "resolved")

    def reopen(self):
        self._require("reopen", "resolved")
        if self._reopens >= MAX_REOPENS:
            raise GuardError(f"a ticket can be reopened at most {MAX_REOPENS} times")
        self._reopens += 1
        self._move("reopen", "in_progress")

    def close(self):
        self._require("close", "resolved")
        self._move("close", "closed")

    def log(self):
        return list(self._log)
