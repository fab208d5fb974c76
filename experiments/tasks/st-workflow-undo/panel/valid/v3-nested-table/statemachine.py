"""State machine storing its table as {state: {event: target}} and logging events."""


class InvalidTransition(Exception):
    pass


class NothingToUndo(Exception):
    pass


class NothingToRedo(Exception):
    pass


class Machine:
    def __init__(self, initial, transitions):
        self._graph = {}
        states = set()
        for (src, event), dst in transitions.items():
            self._graph.setdefault(src, {})[event] = dst
            states.update((src, dst))
        if initial not in states:
            raise ValueError("initial state must appear in the transition table")
        self.initial = initial
        self.state = initial
        self._events = []  # events currently in effect
        self._redo = []  # events undone, most recent last

    def _replay(self):
        state = self.initial
        for event in self._events:
            state = self._graph[state][event]
        self.state = state

    def fire(self, event):
        if event not in self._graph.get(self.state, {}):
            raise InvalidTransition(f"no transition for {event!r} from {self.state!r}")
        self._events.append(event)
        self._redo = []
        self._replay()
        return self.state

    def history(self):
        states = [self.initial]
        for event in self._events:
            states.append(self._graph[states[-1]][event])
        return states

    def undo(self):
        if not self._events:
            raise NothingToUndo("undo stack is empty")
        self._redo.append(self._events.pop())
        self._replay()
        return self.state

    def redo(self):
        if not self._redo:
            raise NothingToRedo("redo stack is empty")
        self._events.append(self._redo.pop())
        self._replay()
        return self.state

    def can_fire(self, event):
        return event in self._graph.get(self.state, {})

    def available_events(self):
        return sorted(self._graph.get(self.state, {}))

    def reset(self):
        self.state = self.initial
        self._events = []
        self._redo = []
