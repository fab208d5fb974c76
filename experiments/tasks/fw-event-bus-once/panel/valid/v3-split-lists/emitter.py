"""Emitter with separate persistent and once lists, merged by sequence number on emit."""
import heapq


class Emitter:
    def __init__(self):
        self._persistent = {}  # topic -> list of (seq, handler)
        self._one_shot = {}  # topic -> list of (seq, handler)
        self._seq = 0

    def _store(self, table, topic, handler):
        if not callable(handler):
            raise TypeError("handler must be callable")
        self._seq += 1
        table.setdefault(topic, []).append((self._seq, handler))
        return (topic, self._seq)

    def on(self, topic, handler):
        return self._store(self._persistent, topic, handler)

    def once(self, topic, handler):
        return self._store(self._one_shot, topic, handler)

    def off(self, topic, handler):
        removed = 0
        for table in (self._persistent, self._one_shot):
            rows = table.get(topic, [])
            keep = [row for row in rows if row[1] != handler]
            removed += len(rows) - len(keep)
            table[topic] = keep
        return removed

    def _alive(self, table, topic, row):
        return any(r is row for r in table.get(topic, ()))

    def emit(self, topic, payload=None):
        merged = heapq.merge(
            [(row, True) for row in self._one_shot.get(topic, [])],
            [(row, False) for row in self._persistent.get(topic, [])],
            key=lambda item: item[0][0],
        )
        called = 0
        for row, is_once in list(merged):
            table = self._one_shot if is_once else self._persistent
            if not self._alive(table, topic, row):
                continue
            if is_once:
                table[topic] = [r for r in table[topic] if r is not row]
            row[1](payload)
            called += 1
        return called

    def listener_count(self, topic):
        return len(self._persistent.get(topic, [])) + len(self._one_shot.get(topic, []))
