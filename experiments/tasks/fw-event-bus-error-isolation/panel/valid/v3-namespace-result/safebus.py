"""Isolating event bus that returns a SimpleNamespace and keeps handlers in a dict."""
import itertools
from types import SimpleNamespace


class DispatchError(Exception):
    pass


class SafeBus:
    def __init__(self, strict=False, max_failures=None):
        self.strict = strict
        self.max_failures = max_failures
        self._ids = itertools.count()
        self._table = {}  # event -> {reg_id: handler}, insertion ordered
        self._fails = {}
        self._on_error = []

    def subscribe(self, event, handler):
        reg_id = next(self._ids)
        self._table.setdefault(event, {})[reg_id] = handler
        self._fails[reg_id] = 0

    def on_error(self, callback):
        self._on_error.append(callback)

    def _failed(self, event, reg_id, handler, exc):
        self._fails[reg_id] += 1
        if self.max_failures is not None and self._fails[reg_id] >= self.max_failures:
            self._table[event].pop(reg_id, None)
        for callback in list(self._on_error):
            try:
                callback(event, handler, exc)
            except Exception:
                pass

    def emit(self, event, payload=None):
        result = SimpleNamespace(delivered=0, errors=[])
        for reg_id, handler in list(self._table.get(event, {}).items()):
            try:
                handler(payload)
            except Exception as exc:
                result.errors.append((handler, exc))
                self._failed(event, reg_id, handler, exc)
            else:
                self._fails[reg_id] = 0
                result.delivered += 1
        if result.errors and self.strict:
            error = DispatchError("%d failures" % len(result.errors))
            error.errors = result.errors
            raise error
        return result
