"""Event bus that keeps each topic's handlers sorted at subscription time."""
import bisect


class EventBus:
    def __init__(self):
        self._subs = {}  # topic -> sorted list of (-priority, seq, handler)
        self._count = 0

    def subscribe(self, topic, handler, priority=0):
        if not callable(handler):
            raise TypeError("handler is not callable")
        self._count += 1
        key = (-priority, self._count)
        row = (key, handler)
        rows = self._subs.setdefault(topic, [])
        bisect.insort(rows, row, key=lambda r: r[0])

        def unsubscribe():
            current = self._subs.get(topic)
            if current and row in current:
                current.remove(row)
                if not current:
                    self._subs.pop(topic)

        return unsubscribe

    def on(self, topic, priority=0):
        def register(func):
            self.subscribe(topic, func, priority=priority)
            return func

        return register

    def emit(self, topic, *args, **kwargs):
        return [handler(*args, **kwargs) for _, handler in list(self._subs.get(topic, []))]

    def topics(self):
        return sorted(self._subs)
