"""Emitter storing registrations as [handler, once, alive] rows; tokens are strings."""


class Emitter:
    def __init__(self):
        self._rows = {}
        self._made = 0

    def _register(self, topic, handler, once):
        if not callable(handler):
            raise TypeError("not callable")
        self._made += 1
        self._rows.setdefault(topic, []).append([handler, once, True])
        return f"sub-{self._made}"

    def on(self, topic, handler):
        return self._register(topic, handler, False)

    def once(self, topic, handler):
        return self._register(topic, handler, True)

    def _kill(self, topic, row):
        row[2] = False
        rows = self._rows[topic]
        rows[:] = [r for r in rows if r is not row]

    def off(self, topic, handler):
        matches = [r for r in self._rows.get(topic, []) if r[0] == handler]
        for row in matches:
            self._kill(topic, row)
        return len(matches)

    def emit(self, topic, payload=None):
        snapshot = tuple(self._rows.get(topic, ()))
        count = 0
        for row in snapshot:
            handler, once, alive = row
            if not alive:
                continue
            if once:
                self._kill(topic, row)
            count += 1
            handler(payload)
        return count

    def listener_count(self, topic):
        return len(self._rows.get(topic, []))
