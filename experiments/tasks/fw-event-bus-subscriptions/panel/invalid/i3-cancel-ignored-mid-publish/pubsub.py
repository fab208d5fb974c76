"""Publish/subscribe bus with cancellable subscription handles."""
import contextlib


class Subscription:
    def __init__(self, bus, topic, handler):
        self._bus = bus
        self.topic = topic
        self.handler = handler
        self.active = True

    def cancel(self):
        if self.active:
            self.active = False
            self._bus._forget(self)


class Bus:
    def __init__(self):
        self._subs = {}  # topic -> list of active Subscription objects
        self._dead_letter = None

    def subscribe(self, topic, handler):
        sub = Subscription(self, topic, handler)
        self._subs.setdefault(topic, []).append(sub)
        return sub

    def _forget(self, sub):
        subs = self._subs.get(sub.topic, [])
        subs[:] = [s for s in subs if s is not sub]

    @contextlib.contextmanager
    def subscribed(self, topic, handler):
        sub = self.subscribe(topic, handler)
        try:
            yield sub
        finally:
            sub.cancel()

    def subscription_count(self, topic):
        return len(self._subs.get(topic, ()))

    def set_dead_letter(self, handler):
        self._dead_letter = handler

    def publish(self, topic, message):
        subs = list(self._subs.get(topic, ()))
        if not subs:
            if self._dead_letter is not None:
                self._dead_letter(topic, message)
            return []
        return [sub.handler(message) for sub in subs]

    def clear(self, topic=None):
        topics = list(self._subs) if topic is None else [topic]
        for name in topics:
            for sub in list(self._subs.get(name, ())):
                sub.cancel()
