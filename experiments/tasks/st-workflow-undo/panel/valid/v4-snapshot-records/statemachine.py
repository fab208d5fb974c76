"""State machine recording each transition as a small record object."""
from dataclasses import dataclass


class InvalidTransition(KeyError):
    pass


class NothingToUndo(RuntimeError):
    pass


class NothingToRedo(RuntimeError):
    pass


@dataclass(frozen=True)
class _Step:
    before: object
    event: object
    after: object


class Machine:
    def __init__(self, initial, transitions):
        self.transitions = {}
        self.transitions.update(transitions)
        sources = [key[0] for key in self.transitions]
        if initial not in sources and initial not in self.transitions.values():
            raise ValueError("initial: %r not in table" % (initial,))
        self.initial = initial
        self.state = initial
        self.applied = []
        self.reverted = []

    def fire(self, event):
        if not self.can_fire(event):
            raise InvalidTransition((self.state, event))
        step = _Step(self.state, event, self.transitions[(self.state, event)])
        self.applied.append(step)
        self.reverted = []
        self.state = step.after
        return self.state

    def history(self):
        if not self.applied:
            return [self.initial]
        return [self.applied[0].before] + [s.after for s in self.applied]

    def undo(self):
        if len(self.applied) == 0:
            raise NothingToUndo
        step = self.applied.pop()
        self.reverted.append(step)
        self.state = step.before
        return self.state

    def redo(self):
        if len(self.reverted) == 0:
            raise NothingToRedo
        step = self.reverted.pop()
        self.applied.append(step)
        self.state = step.after
        return self.state

    def can_fire(self, event):
        return (self.state, event) in self.transitions

    def available_events(self):
        return sorted(ev for (src, ev) in self.transitions if src == self.state)

    def reset(self):
        self.__init__(self.initial, self.transitions)
