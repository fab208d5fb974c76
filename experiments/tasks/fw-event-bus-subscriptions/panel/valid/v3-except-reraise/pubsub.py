"""Pub/sub bus; the scoped subscription cancels in explicit except/else branches."""
import contextlib


class Subscription:
    __slots__ = ("topic", "handler", "active", "_owner")

    def __init__(self, owner, topic, handler):
        self._owner = owner
        self.topic = topic
        self.handler = handler
        self.active = True

    def cancel(self):
        if not self.active:
            return
        self.active = False
        self._owner._by_topic[self.topic].remove(self)


class Bus:
    def __init__(self):
        self._by_topic = {}
        self.dead_letter = None

    def subscribe(self, topic, handler):
        sub = Subscription(self, topic, handler)
        self._by_topic.setdefault(topic, []).append(sub)
        return sub

    @contextlib.contextmanager
    def subscribed(self, topic, handler):
        sub = self.subscribe(topic, handler)
        try:
            yield sub
        except BaseException:
            sub.cancel()
            raise
        else:
            sub.cancel()

    def subscription_count(self, topic):
        return sum(1 for s in self._by_topic.get(topic, []) if s.active)

    def set_dead_letter(self, handler):
        self.dead_letter = handler

    def publish(self, topic, message):
        snapshot = tuple(self._by_topic.get(topic, ()))
        if not snapshot:
            if callable(self.dead_letter):
                self.dead_letter(topic, message)
            return []
        results = []
        for sub in snapshot:
            if not sub.active:
                continue
            results.append(sub.handler(message))
        return results

    def clear(self, topic=None):
        groups = self._by_topic.values() if topic is None else [self._by_topic.get(topic, [])]
        for group in list(groups):
            for sub in list(group):
                sub.cancel()
