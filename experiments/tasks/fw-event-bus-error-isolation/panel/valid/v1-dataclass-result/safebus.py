"""Isolating event bus returning a dataclass result; failure counts live in a dict."""
from dataclasses import dataclass, field


@dataclass
class Result:
    delivered: int = 0
    errors: list = field(default_factory=list)


class DispatchError(Exception):
    def __init__(self, errors):
        super().__init__("dispatch failed")
        self.errors = errors


class SafeBus:
    def __init__(self, strict=False, max_failures=None):
        self._strict = strict
        self._limit = max_failures
        self._subs = {}
        self._streak = {}  # id(token) -> consecutive failures
        self._error_hooks = []

    def subscribe(self, event, handler):
        token = object()
        self._subs.setdefault(event, []).append((token, handler))
        self._streak[id(token)] = 0

    def on_error(self, callback):
        self._error_hooks.append(callback)

    def _notify(self, event, handler, exc):
        for hook in tuple(self._error_hooks):
            try:
                hook(event, handler, exc)
            except Exception:
                continue

    def emit(self, event, payload=None):
        result = Result()
        for token, handler in list(self._subs.get(event, [])):
            try:
                handler(payload)
            except Exception as exc:
                result.errors.append((handler, exc))
                self._streak[id(token)] += 1
                if self._limit is not None and self._streak[id(token)] == self._limit:
                    self._subs[event] = [s for s in self._subs[event] if s[0] is not token]
                self._notify(event, handler, exc)
                continue
            result.delivered += 1
            self._streak[id(token)] = 0
        if self._strict and result.errors:
            raise DispatchError(result.errors)
        return result
