"""State machine keeping one path of states and a cursor into it; redo moves the cursor."""


class InvalidTransition(Exception):
    pass


class NothingToUndo(Exception):
    pass


class NothingToRedo(Exception):
    pass


class Machine:
    def __init__(self, initial, transitions):
        self._table = {key: value for key, value in transitions.items()}
        known = set(self._table.values())
        known.update(src for src, _ in self._table)
        if initial not in known:
            raise ValueError("unknown initial state")
        self._path = [initial]
        self._cursor = 0

    @property
    def state(self):
        return self._path[self._cursor]

    def fire(self, event):
        key = (self.state, event)
        if key not in self._table:
            raise InvalidTransition(event)
        del self._path[self._cursor + 1:]
        self._path.append(self._table[key])
        self._cursor += 1
        return self.state

    def history(self):
        return self._path[: self._cursor + 1]

    def undo(self):
        if self._cursor == 0:
            raise NothingToUndo()
        self._cursor -= 1
        return self.state

    def redo(self):
        if self._cursor == len(self._path) - 1:
            raise NothingToRedo()
        self._cursor += 1
        return self.state

    def can_fire(self, event):
        return (self.state, event) in self._table

    def available_events(self):
        return sorted({e for s, e in self._table if s == self.state})

    def reset(self):
        del self._path[1:]
        self._cursor = 0
