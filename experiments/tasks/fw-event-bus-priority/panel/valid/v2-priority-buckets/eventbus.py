"""Event bus grouping handlers in per-priority buckets."""


class EventBus:
    def __init__(self):
        self._buckets = {}  # topic -> {priority: [token, ...]}

    def subscribe(self, topic, handler, priority=0):
        if not callable(handler):
            raise TypeError(f"{handler!r} is not callable")
        token = [handler]  # a fresh list is a unique registration token
        self._buckets.setdefault(topic, {}).setdefault(priority, []).append(token)

        def unsubscribe():
            bucket = self._buckets.get(topic, {}).get(priority, [])
            if any(t is token for t in bucket):
                bucket[:] = [t for t in bucket if t is not token]
                if not bucket:
                    del self._buckets[topic][priority]
                if not self._buckets[topic]:
                    del self._buckets[topic]

        return unsubscribe

    def on(self, topic, priority=0):
        return lambda func: (self.subscribe(topic, func, priority), func)[1]

    def emit(self, topic, *args, **kwargs):
        results = []
        by_priority = self._buckets.get(topic, {})
        for priority in sorted(by_priority, reverse=True):
            for token in list(by_priority[priority]):
                results.append(token[0](*args, **kwargs))
        return results

    def topics(self):
        return sorted(topic for topic, buckets in self._buckets.items() if buckets)
