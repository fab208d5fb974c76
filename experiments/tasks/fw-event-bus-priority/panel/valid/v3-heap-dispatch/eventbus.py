"""Event bus that orders handlers with a heap at dispatch time."""
import heapq
from collections import defaultdict


class _Registration:
    __slots__ = ("handler", "priority", "order")

    def __init__(self, handler, priority, order):
        self.handler = handler
        self.priority = priority
        self.order = order


class EventBus:
    def __init__(self):
        self._regs = defaultdict(list)
        self._order = 0

    def subscribe(self, topic, handler, priority=0):
        if not callable(handler):
            raise TypeError("handler must be callable")
        self._order += 1
        reg = _Registration(handler, priority, self._order)
        self._regs[topic].append(reg)

        def unsubscribe():
            regs = self._regs.get(topic)
            if regs is not None and reg in regs:
                regs.remove(reg)

        return unsubscribe

    def on(self, topic, priority=0):
        def wrap(func):
            self.subscribe(topic, func, priority)
            return func

        return wrap

    def emit(self, topic, *args, **kwargs):
        heap = [(-r.priority, r.order, r) for r in self._regs.get(topic, ())]
        heapq.heapify(heap)
        out = []
        while heap:
            out.append(heapq.heappop(heap)[2].handler(*args, **kwargs))
        return out

    def topics(self):
        return sorted(t for t, regs in self._regs.items() if regs)
