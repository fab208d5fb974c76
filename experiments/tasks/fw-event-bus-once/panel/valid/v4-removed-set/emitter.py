"""Emitter that keeps removed registrations in a set and filters snapshots against it."""


class _Sub:
    def __init__(self, handler, once):
        self.handler = handler
        self.once = once


class Emitter:
    def __init__(self):
        self._subs = {}
        self._gone = set()

    def _add(self, topic, handler, once):
        if not callable(handler):
            raise TypeError("handler")
        sub = _Sub(handler, once)
        self._subs.setdefault(topic, []).append(sub)
        return sub

    def on(self, topic, handler):
        return self._add(topic, handler, False)

    def once(self, topic, handler):
        return self._add(topic, handler, True)

    def _drop(self, topic, sub):
        self._gone.add(sub)
        self._subs[topic] = [s for s in self._subs[topic] if s is not sub]

    def off(self, topic, handler):
        victims = [s for s in self._subs.get(topic, []) if s.handler == handler]
        for sub in victims:
            self._drop(topic, sub)
        return len(victims)

    def emit(self, topic, payload=None):
        todo = list(self._subs.get(topic, []))
        done = 0
        for sub in todo:
            if sub in self._gone:
                continue
            if sub.once:
                self._drop(topic, sub)
            sub.handler(payload)
            done += 1
        return done

    def listener_count(self, topic):
        return len(self._subs.get(topic, []))
