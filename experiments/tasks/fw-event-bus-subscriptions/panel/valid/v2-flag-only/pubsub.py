"""Pub/sub bus that never deletes subscriptions; it filters on the active flag.

cancel() reports whether the call deactivated the subscription.
"""
from contextlib import contextmanager


class Subscription:
    def __init__(self, topic, handler):
        self.topic = topic
        self.handler = handler
        self.active = True

    def cancel(self):
        was_active = self.active
        self.active = False
        return was_active


class Bus:
    def __init__(self):
        self._all = []
        self._dead_letter = None

    def subscribe(self, topic, handler):
        sub = Subscription(topic, handler)
        self._all.append(sub)
        return sub

    @contextmanager
    def subscribed(self, topic, handler):
        sub = self.subscribe(topic, handler)
        try:
            yield sub
        finally:
            sub.cancel()

    def _live(self, topic):
        return [s for s in self._all if s.topic == topic and s.active]

    def subscription_count(self, topic):
        return len(self._live(topic))

    def set_dead_letter(self, handler):
        self._dead_letter = handler

    def publish(self, topic, message):
        live = self._live(topic)
        if not live and self._dead_letter is not None:
            self._dead_letter(topic, message)
        return [s.handler(message) for s in live if s.active]

    def clear(self, topic=None):
        for sub in self._all:
            if topic is None or sub.topic == topic:
                sub.cancel()
