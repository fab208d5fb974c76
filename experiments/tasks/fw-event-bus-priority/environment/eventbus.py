"""In-process event bus with prioritised handlers."""
import itertools


class EventBus:
    def __init__(self):
        self._handlers = {}  # topic -> list of (priority, seq, handler)
        self._seq = itertools.count()

    def subscribe(self, topic, handler, priority=0):
        if not callable(handler):
            raise TypeError(f"handler must be callable, got {handler!r}")
        entry = (priority, next(self._seq), handler)
        self._handlers.setdefault(topic, []).append(entry)

        def unsubscribe():
            entries = self._handlers.get(topic, [])
            for index, candidate in enumerate(entries):
                if candidate is entry:
                    del entries[index]
                    if not entries:
                        del self._handlers[topic]
                    return

        return unsubscribe

    def on(self, topic, priority=0):
        def decorator(func):
            self.subscribe(topic, func, priority)
            return func

        return decorator

    def emit(self, topic, *args, **kwargs):
        ordered = sorted(self._handlers.get(topic, ()), key=lambda e: (e[0], e[1]), reverse=True)
        return [handler(*args, **kwargs) for _, _, handler in ordered]

    def topics(self):
        return sorted(self._handlers)
