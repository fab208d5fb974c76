"""Emitter keeping every registration in one dict keyed by an integer token."""


class Emitter:
    def __init__(self):
        self._by_token = {}  # token -> (topic, handler, once); dict order = registration order
        self._last = 0

    def _register(self, topic, handler, once):
        if not callable(handler):
            raise TypeError(f"{handler!r} is not callable")
        self._last += 1
        self._by_token[self._last] = (topic, handler, once)
        return self._last

    def on(self, topic, handler):
        return self._register(topic, handler, once=False)

    def once(self, topic, handler):
        return self._register(topic, handler, once=True)

    def off(self, topic, handler):
        tokens = [t for t, (tp, h, _) in self._by_token.items() if tp == topic and h == handler]
        for t in tokens:
            del self._by_token[t]
        return len(tokens)

    def emit(self, topic, payload=None):
        planned = [t for t, (tp, _, _) in self._by_token.items() if tp == topic]
        called = 0
        for token in planned:
            entry = self._by_token.get(token)
            if entry is None:
                continue
            _, handler, once = entry
            if once:
                del self._by_token[token]
            called += 1
            handler(payload)
        return called

    def listener_count(self, topic):
        return sum(1 for tp, _, _ in self._by_token.values() if tp == topic)
