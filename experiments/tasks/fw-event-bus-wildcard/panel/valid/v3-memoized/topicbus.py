"""Topic bus with an index-based recursive matcher memoised per call."""
from functools import lru_cache


class InvalidTopic(ValueError):
    pass


def _parse(text, allow_wildcards):
    if not isinstance(text, str):
        raise InvalidTopic("topics are strings")
    segs = text.split(".")
    if "" in segs:
        raise InvalidTopic(f"{text!r}: segments must be non-empty")
    if not allow_wildcards and ("*" in segs or "#" in segs):
        raise InvalidTopic(f"{text!r}: published topics are concrete")
    return tuple(segs)


def matches(pattern, topic):
    @lru_cache(maxsize=None)
    def walk(i, j):
        if i == len(pattern):
            return j == len(topic)
        seg = pattern[i]
        if seg == "#":
            return walk(i + 1, j) or (j < len(topic) and walk(i, j + 1))
        if j == len(topic):
            return False
        return (seg == "*" or seg == topic[j]) and walk(i + 1, j + 1)

    return walk(0, 0)


class TopicBus:
    def __init__(self):
        self._entries = []

    def subscribe(self, pattern, handler):
        self._entries.append({"pattern": pattern, "segs": _parse(pattern, True), "fn": handler})

    def unsubscribe(self, pattern, handler):
        index = next((i for i, e in enumerate(self._entries)
                      if e["pattern"] == pattern and e["fn"] == handler), None)
        if index is None:
            return False
        del self._entries[index]
        return True

    def matching(self, topic):
        segs = _parse(topic, False)
        return [e["pattern"] for e in self._entries if matches(e["segs"], segs)]

    def publish(self, topic, message):
        segs = _parse(topic, False)
        chosen = [e["fn"] for e in self._entries if matches(e["segs"], segs)]
        for fn in chosen:
            fn(topic, message)
        return len(chosen)
