"""Event bus that isolates handler failures and reports them."""
from collections import namedtuple

DispatchResult = namedtuple("DispatchResult", "delivered errors")


class DispatchError(Exception):
    """Raised by strict buses after a dispatch in which handlers failed."""

    def __init__(self, errors):
        super().__init__(f"{len(errors)} handler(s) failed")
        self.errors = errors


class _Registration:
    __slots__ = ("handler", "failures")

    def __init__(self, handler):
        self.handler = handler
        self.failures = 0


class SafeBus:
    def __init__(self, strict=False, max_failures=None):
        self.strict = strict
        self.max_failures = max_failures
        self._handlers = {}  # event -> list of _Registration
        self._callbacks = []

    def subscribe(self, event, handler):
        self._handlers.setdefault(event, []).append(_Registration(handler))

    def on_error(self, callback):
        self._callbacks.append(callback)

    def _report(self, event, handler, exc):
        for callback in list(self._callbacks):
            try:
                callback(event, handler, exc)
            except Exception:
                pass  # a broken error callback must not break the dispatch

    def _drop(self, event, reg):
        regs = self._handlers[event]
        regs[:] = [r for r in regs if r is not reg]

    def emit(self, event, payload=None):
        delivered = 0
        errors = []
        for reg in list(self._handlers.get(event, ())):
            try:
                reg.handler(payload)
            except Exception as exc:
                errors.append((reg.handler, exc))
                reg.failures += 1
                if self.max_failures is not None and reg.failures >= self.max_failures:
                    self._drop(event, reg)
                self._report(event, reg.handler, exc)
            else:
                delivered += 1
                reg.failures = 0
        if self.strict and errors:
            raise DispatchError(errors)
        return DispatchResult(delivered, errors)
