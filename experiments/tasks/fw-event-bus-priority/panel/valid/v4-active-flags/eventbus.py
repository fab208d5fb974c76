"""Event bus whose unsubscribe marks a registration inactive and reports whether it was."""
from dataclasses import dataclass


@dataclass(eq=False)
class Subscription:
    topic: str
    handler: object
    priority: int
    seq: int
    active: bool = True


class EventBus:
    def __init__(self):
        self._all = []

    def subscribe(self, topic, handler, priority=0):
        if not callable(handler):
            raise TypeError("cannot subscribe a non-callable")
        sub = Subscription(topic, handler, priority, len(self._all))
        self._all.append(sub)

        def unsubscribe():
            was_active = sub.active
            sub.active = False
            return was_active

        return unsubscribe

    def on(self, topic, priority=0):
        def decorator(func):
            self.subscribe(topic, func, priority)
            return func

        return decorator

    def _live(self, topic):
        return [s for s in self._all if s.active and s.topic == topic]

    def emit(self, topic, *args, **kwargs):
        live = self._live(topic)
        live.sort(key=lambda s: s.seq)
        live.sort(key=lambda s: s.priority, reverse=True)
        return [s.handler(*args, **kwargs) for s in live]

    def topics(self):
        return sorted({s.topic for s in self._all if s.active})
