"""Topic bus matching patterns with a dynamic-programming table."""


class TopicBus:
    def __init__(self):
        self.subscriptions = []

    @staticmethod
    def _split(text):
        if not isinstance(text, str):
            raise ValueError("not a string")
        parts = text.split(".")
        if not all(parts):
            raise ValueError(f"bad topic or pattern: {text!r}")
        return parts

    @staticmethod
    def _matches(pattern, topic):
        rows, cols = len(pattern), len(topic)
        # ok[i][j]: pattern[i:] matches topic[j:]
        ok = [[False] * (cols + 1) for _ in range(rows + 1)]
        ok[rows][cols] = True
        for i in range(rows - 1, -1, -1):
            for j in range(cols, -1, -1):
                seg = pattern[i]
                if seg == "#":
                    ok[i][j] = ok[i + 1][j] or (j < cols and ok[i][j + 1])
                elif j < cols and (seg == "*" or seg == topic[j]):
                    ok[i][j] = ok[i + 1][j + 1]
        return ok[0][0]

    def subscribe(self, pattern, handler):
        self.subscriptions.append((pattern, self._split(pattern), handler))

    def unsubscribe(self, pattern, handler):
        for position, (text, _, fn) in enumerate(self.subscriptions):
            if (text, fn) == (pattern, handler):
                self.subscriptions.pop(position)
                return True
        return False

    def _hits(self, topic):
        parts = self._split(topic)
        for part in parts:
            if part in ("*", "#"):
                raise ValueError(f"wildcard {part!r} in topic")
        return [s for s in self.subscriptions if self._matches(s[1], parts)]

    def matching(self, topic):
        return [text for text, _, _ in self._hits(topic)]

    def publish(self, topic, message):
        hits = self._hits(topic)
        for _, _, fn in hits:
            fn(topic, message)
        return len(hits)
