"""Topic bus using a two-pointer backtracking matcher (like glob matching)."""


def _segments(text):
    if type(text) is not str:
        raise ValueError("expected a string")
    segs = text.split(".")
    for seg in segs:
        if not seg:
            raise ValueError("topics and patterns cannot have empty segments")
    return segs


def _matches(p, t):
    i = j = 0
    back_i, back_j = -1, 0
    while j < len(t):
        if i < len(p) and p[i] != "#" and (p[i] == "*" or p[i] == t[j]):
            i += 1
            j += 1
        elif i < len(p) and p[i] == "#":
            back_i, back_j = i, j
            i += 1
        elif back_i != -1:
            back_j += 1
            i, j = back_i + 1, back_j
        else:
            return False
    while i < len(p) and p[i] == "#":
        i += 1
    return i == len(p)


class TopicBus:
    def __init__(self):
        self._subs = []

    def subscribe(self, pattern, handler):
        segs = _segments(pattern)
        self._subs.append((pattern, segs, handler))

    def unsubscribe(self, pattern, handler):
        kept, removed = [], False
        for sub in self._subs:
            if not removed and sub[0] == pattern and sub[2] == handler:
                removed = True
                continue
            kept.append(sub)
        self._subs = kept
        return removed

    def _concrete(self, topic):
        segs = _segments(topic)
        if any(s == "*" or s == "#" for s in segs):
            raise ValueError("cannot publish to a wildcard topic")
        return segs

    def matching(self, topic):
        segs = self._concrete(topic)
        return [pattern for pattern, psegs, _ in self._subs if _matches(psegs, segs)]

    def publish(self, topic, message):
        segs = self._concrete(topic)
        called = 0
        for _, psegs, handler in list(self._subs):
            if _matches(psegs, segs):
                handler(topic, message)
                called += 1
        return called
