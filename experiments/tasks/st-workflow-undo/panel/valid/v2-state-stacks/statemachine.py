"""State machine with two stacks of states: what can be undone and what can be redone."""
from collections import deque


class InvalidTransition(Exception):
    def __init__(self, state, event):
        super().__init__(f"{state} --{event}--> ?")
        self.state, self.event = state, event


class NothingToUndo(LookupError):
    pass


class NothingToRedo(LookupError):
    pass


class Machine:
    def __init__(self, initial, transitions):
        self._table = dict(transitions.items())
        if not any(initial == src or initial == dst for (src, _), dst in self._table.items()):
            raise ValueError(f"{initial!r} is not a state of this machine")
        self._initial = initial
        self.state = initial
        self._back = deque()  # earlier states, most recent on the right
        self._forward = deque()  # states that redo would restore, next one on the right

    def fire(self, event):
        try:
            target = self._table[(self.state, event)]
        except KeyError:
            raise InvalidTransition(self.state, event) from None
        self._back.append(self.state)
        self._forward.clear()
        self.state = target
        return self.state

    def history(self):
        return list(self._back) + [self.state]

    def undo(self):
        if not self._back:
            raise NothingToUndo("no transition to undo")
        self._forward.append(self.state)
        self.state = self._back.pop()
        return self.state

    def redo(self):
        if not self._forward:
            raise NothingToRedo("no transition to redo")
        self._back.append(self.state)
        self.state = self._forward.pop()
        return self.state

    def can_fire(self, event):
        return (self.state, event) in self._table

    def available_events(self):
        events = [e for (s, e) in self._table if s == self.state]
        events.sort()
        return events

    def reset(self):
        self.state = self._initial
        self._back.clear()
        self._forward.clear()
