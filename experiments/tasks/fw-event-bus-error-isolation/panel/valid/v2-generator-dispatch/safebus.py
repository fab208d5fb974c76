"""Isolating event bus whose dispatch loop is a generator of outcomes."""


class Outcome:
    __slots__ = ("delivered", "errors")

    def __init__(self):
        self.delivered = 0
        self.errors = []

    def __repr__(self):
        return f"Outcome(delivered={self.delivered}, errors={self.errors!r})"


class DispatchError(RuntimeError):
    def __init__(self, errors):
        super().__init__(", ".join(repr(exc) for _, exc in errors))
        self.errors = errors


class SafeBus:
    def __init__(self, strict=False, max_failures=None):
        self.strict = strict
        self.max_failures = max_failures
        self.handlers = {}
        self.error_callbacks = []

    def subscribe(self, event, handler):
        self.handlers.setdefault(event, []).append({"fn": handler, "fails": 0})

    def on_error(self, callback):
        self.error_callbacks.append(callback)

    def _run(self, event, payload):
        for sub in list(self.handlers.get(event, [])):
            try:
                sub["fn"](payload)
            except Exception as exc:
                yield sub, exc
            else:
                yield sub, None

    def emit(self, event, payload=None):
        outcome = Outcome()
        for sub, exc in self._run(event, payload):
            if exc is None:
                sub["fails"] = 0
                outcome.delivered += 1
                continue
            outcome.errors.append((sub["fn"], exc))
            sub["fails"] += 1
            if self.max_failures and sub["fails"] >= self.max_failures:
                self.handlers[event] = [s for s in self.handlers[event] if s is not sub]
            for callback in list(self.error_callbacks):
                try:
                    callback(event, sub["fn"], exc)
                except Exception:
                    pass
        if self.strict and outcome.errors:
            raise DispatchError(outcome.errors)
        return outcome
