"""Topic bus that compiles each pattern into a regular expression."""
import re


def _check(text):
    if not isinstance(text, str) or text == "" or "" in text.split("."):
        raise ValueError("empty segment in %r" % (text,))
    return text


def _compile(pattern):
    parts = []
    for segment in pattern.split("."):
        if segment == "#":
            parts.append(r"(?:\.[^.]+)*")
        elif segment == "*":
            parts.append(r"\.[^.]+")
        else:
            parts.append(r"\." + re.escape(segment))
    return re.compile("".join(parts))


class TopicBus:
    def __init__(self):
        self._subs = []

    def subscribe(self, pattern, handler):
        self._subs.append([pattern, _compile(_check(pattern)), handler])

    def unsubscribe(self, pattern, handler):
        for sub in self._subs:
            if sub[0] == pattern and sub[2] == handler:
                self._subs.remove(sub)
                return True
        return False

    def _select(self, topic):
        _check(topic)
        if {"*", "#"} & set(topic.split(".")):
            raise ValueError("wildcards are not allowed in a published topic")
        subject = "." + topic
        return [sub for sub in self._subs if sub[1].fullmatch(subject)]

    def matching(self, topic):
        return [sub[0] for sub in self._select(topic)]

    def publish(self, topic, message):
        count = 0
        for _, _, handler in self._select(topic):
            handler(topic, message)
            count += 1
        return count
