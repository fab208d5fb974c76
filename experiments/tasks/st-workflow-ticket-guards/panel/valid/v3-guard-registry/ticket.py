"""Ticket workflow where transitions and their guards are declared as data."""


class WorkflowError(Exception):
    pass


class InvalidTransition(WorkflowError, LookupError):
    pass


class GuardError(WorkflowError, ValueError):
    pass


def _has_assignee(ticket, *args):
    return ticket.assignee is not None


def _has_resolution(ticket, resolution):
    return isinstance(resolution, str) and resolution != ""


def _may_reopen(ticket):
    return ticket.reopen_count < 2


SPEC = {
    "start": ({"open"}, "in_progress", _has_assignee),
    "block": ({"open", "in_progress"}, "blocked", None),
    "unblock": ({"blocked"}, None, None),
    "resolve": ({"in_progress"}, "resolved", _has_resolution),
    "reopen": ({"resolved"}, "in_progress", _may_reopen),
    "close": ({"resolved"}, "closed", None),
}


class Ticket:
    def __init__(self, title):
        self.title = title
        self.state = "open"
        self.assignee = None
        self.resolution = None
        self.reopen_count = 0
        self._stack = []
        self._trail = []

    def _fire(self, action, *args):
        sources, target, guard = SPEC[action]
        if self.state not in sources:
            raise InvalidTransition(f"{action!r} is invalid in state {self.state!r}")
        if guard is not None and not guard(self, *args):
            raise GuardError(f"guard for {action!r} failed")
        if action == "block":
            self._stack.append(self.state)
        if target is None:
            target = self._stack.pop()
        self._trail.append((action, self.state, target))
        self.state = target

    def assign(self, name):
        if self.state == "closed":
            raise InvalidTransition("ticket is closed")
        if not isinstance(name, str) or not name:
            raise ValueError("assignee must be a non-empty string")
        self.assignee = name

    def start(self):
        self._fire("start")

    def block(self, reason):
        self._fire("block")
        self.block_reason = reason

    def unblock(self):
        self._fire("unblock")

    def resolve(self, resolution):
        self._fire("resolve", resolution)
        self.resolution = resolution

    def reopen(self):
        self._fire("reopen")
        self.reopen_count += 1

    def close(self):
        self._fire("close")

    def log(self):
        return [tuple(t) for t in self._trail]
