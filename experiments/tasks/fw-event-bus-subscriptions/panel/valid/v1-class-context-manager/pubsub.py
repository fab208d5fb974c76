"""Pub/sub bus whose scoped subscriptions use a class-based context manager."""


class Subscription:
    def __init__(self, registry, topic, handler, key):
        self._registry = registry
        self._key = key
        self.topic = topic
        self.handler = handler

    @property
    def active(self):
        return self._key in self._registry

    def cancel(self):
        self._registry.pop(self._key, None)


class _Scoped:
    def __init__(self, bus, topic, handler):
        self._bus, self._topic, self._handler = bus, topic, handler
        self._sub = None

    def __enter__(self):
        self._sub = self._bus.subscribe(self._topic, self._handler)
        return self._sub

    def __exit__(self, exc_type, exc, tb):
        self._sub.cancel()
        return False


class Bus:
    def __init__(self):
        self._registry = {}  # key -> Subscription, insertion ordered
        self._next_key = 0
        self._dead = None

    def subscribe(self, topic, handler):
        self._next_key += 1
        sub = Subscription(self._registry, topic, handler, self._next_key)
        self._registry[self._next_key] = sub
        return sub

    def subscribed(self, topic, handler):
        return _Scoped(self, topic, handler)

    def _active(self, topic):
        return [s for s in self._registry.values() if s.topic == topic]

    def subscription_count(self, topic):
        return len(self._active(topic))

    def set_dead_letter(self, handler):
        self._dead = handler

    def publish(self, topic, message):
        planned = self._active(topic)
        if not planned:
            if self._dead:
                self._dead(topic, message)
            return []
        out = []
        for sub in planned:
            if sub.active:
                out.append(sub.handler(message))
        return out

    def clear(self, topic=None):
        for sub in list(self._registry.values()):
            if topic is None or sub.topic == topic:
                sub.cancel()
