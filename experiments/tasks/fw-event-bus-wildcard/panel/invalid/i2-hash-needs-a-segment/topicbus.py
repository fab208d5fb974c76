"""Publish/subscribe bus with AMQP-style wildcard topic patterns."""


def _segments(text, what):
    if not isinstance(text, str):
        raise ValueError(f"{what} must be a string, got {text!r}")
    segments = text.split(".")
    if any(segment == "" for segment in segments):
        raise ValueError(f"{what} {text!r} has an empty segment")
    return tuple(segments)


def _match(pattern, topic):
    if not pattern:
        return not topic
    head, rest = pattern[0], pattern[1:]
    if head == "#":
        return any(_match(rest, topic[i:]) for i in range(1, len(topic) + 1))
    if not topic:
        return False
    if head == "*":
        return _match(rest, topic[1:])
    return head == topic[0] and _match(rest, topic[1:])


class TopicBus:
    def __init__(self):
        self._subs = []  # (pattern_text, segments, handler), in subscription order

    def subscribe(self, pattern, handler):
        self._subs.append((pattern, _segments(pattern, "pattern"), handler))

    def unsubscribe(self, pattern, handler):
        for index, (text, _, existing) in enumerate(self._subs):
            if text == pattern and existing == handler:
                del self._subs[index]
                return True
        return False

    def _topic(self, topic):
        segments = _segments(topic, "topic")
        if "*" in segments or "#" in segments:
            raise ValueError(f"topic {topic!r} may not contain wildcards")
        return segments

    def _matching(self, topic):
        segments = self._topic(topic)
        return [sub for sub in self._subs if _match(sub[1], segments)]

    def matching(self, topic):
        return [text for text, _, _ in self._matching(topic)]

    def publish(self, topic, message):
        subs = self._matching(topic)
        for _, _, handler in subs:
            handler(topic, message)
        return len(subs)
