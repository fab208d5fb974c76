"""Table-driven state machine with undo and redo stacks."""


class InvalidTransition(Exception):
    """The event is not allowed in the current state."""


class NothingToUndo(IndexError):
    """undo() was called with no transition in effect."""


class NothingToRedo(IndexError):
    """redo() was called with no undone transition to re-apply."""


class Machine:
    def __init__(self, initial, transitions):
        table = dict(transitions)
        states = {src for src, _ in table} | set(table.values())
        if initial not in states:
            raise ValueError(f"initial state {initial!r} does not occur in the table")
        self._table = table
        self._initial = initial
        self.state = initial
        self._done = []  # (source, event, target) in effect, oldest first
        self._undone = []  # undone transitions, most recently undone last

    def fire(self, event):
        target = self._table.get((self.state, event))
        if target is None:
            raise InvalidTransition(f"event {event!r} is not allowed in state {self.state!r}")
        self._done.append((self.state, event, target))
        self._undone.clear()
        self.state = target
        return target

    def history(self):
        return [self._initial] + [target for _, _, target in self._done]

    def undo(self):
        if not self._done:
            raise NothingToUndo("nothing to undo")
        step = self._done.pop()
        self._undone.append(step)
        self.state = step[0]
        return self.state

    def redo(self):
        if not self._undone:
            raise NothingToRedo("nothing to redo")
        step = self._undone.pop()
        self._done.append(step)
        self.state = step[2]
        return self.state

    def can_fire(self, event):
        return (self.state, event) in self._table

    def available_events(self):
        return [event for state, event in self._table if state == self.state]

    def reset(self):
        self.state = self._initial
        self._done.clear()
        self._undone.clear()
