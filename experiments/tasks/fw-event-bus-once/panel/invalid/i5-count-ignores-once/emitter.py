"""Event emitter with persistent and one-shot (once) handlers."""
import itertools


class _Registration:
    __slots__ = ("handler", "once", "active")

    def __init__(self, handler, once):
        self.handler = handler
        self.once = once
        self.active = True


class Emitter:
    def __init__(self):
        self._regs = {}  # topic -> list of _Registration, in registration order
        self._tokens = itertools.count(1)

    def _add(self, topic, handler, once):
        if not callable(handler):
            raise TypeError(f"handler must be callable, got {handler!r}")
        self._regs.setdefault(topic, []).append(_Registration(handler, once))
        return next(self._tokens)

    def on(self, topic, handler):
        return self._add(topic, handler, once=False)

    def once(self, topic, handler):
        return self._add(topic, handler, once=True)

    def _remove(self, topic, reg):
        if reg.active:
            reg.active = False
            self._regs[topic].remove(reg)

    def off(self, topic, handler):
        doomed = [reg for reg in self._regs.get(topic, ()) if reg.handler == handler]
        for reg in doomed:
            self._remove(topic, reg)
        return len(doomed)

    def emit(self, topic, payload=None):
        called = 0
        for reg in list(self._regs.get(topic, ())):
            if not reg.active:
                continue
            if reg.once:
                self._remove(topic, reg)
            reg.handler(payload)
            called += 1
        return called

    def listener_count(self, topic):
        return sum(1 for reg in self._regs.get(topic, ()) if not reg.once)
