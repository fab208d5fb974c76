"""Pub/sub bus with dataclass handles and one global list of subscriptions."""
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Callable


@dataclass(eq=False)
class Subscription:
    topic: Any
    handler: Callable
    active: bool = True
    _on_cancel: Callable = field(default=None, repr=False)

    def cancel(self):
        if self.active:
            self.active = False
            if self._on_cancel is not None:
                self._on_cancel(self)


class Bus:
    def __init__(self):
        self.subscriptions = []
        self.dead_letter_handler = None

    def _remove(self, sub):
        self.subscriptions = [s for s in self.subscriptions if s is not sub]

    def subscribe(self, topic, handler):
        sub = Subscription(topic, handler, True, self._remove)
        self.subscriptions.append(sub)
        return sub

    @contextmanager
    def subscribed(self, topic, handler):
        handle = self.subscribe(topic, handler)
        try:
            yield handle
        finally:
            handle.cancel()

    def subscription_count(self, topic):
        return [s.topic for s in self.subscriptions].count(topic)

    def set_dead_letter(self, handler):
        self.dead_letter_handler = handler

    def publish(self, topic, message):
        targets = [s for s in self.subscriptions if s.topic == topic]
        if not targets:
            if self.dead_letter_handler is not None:
                self.dead_letter_handler(topic, message)
            return []
        return [s.handler(message) for s in targets if s.active]

    def clear(self, topic=None):
        for sub in list(self.subscriptions):
            if topic is None or sub.topic == topic:
                sub.cancel()
