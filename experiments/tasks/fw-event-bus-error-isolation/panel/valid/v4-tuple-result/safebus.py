"""Isolating event bus with a tuple-subclass result and explicit failure bookkeeping."""


class EmitResult(tuple):
    def __new__(cls, delivered, errors):
        return super().__new__(cls, (delivered, errors))

    delivered = property(lambda self: self[0])
    errors = property(lambda self: self[1])


class DispatchError(Exception):
    def __init__(self, errors):
        self.errors = errors
        super().__init__(errors)


class SafeBus:
    def __init__(self, strict=False, max_failures=None):
        self.strict = bool(strict)
        self.max_failures = max_failures
        self._regs = []  # [event, handler, failures, alive]
        self._callbacks = []

    def subscribe(self, event, handler):
        self._regs.append([event, handler, 0, True])

    def on_error(self, callback):
        self._callbacks.append(callback)

    def emit(self, event, payload=None):
        ok, errors = 0, []
        for reg in [r for r in self._regs if r[0] == event and r[3]]:
            handler = reg[1]
            try:
                handler(payload)
            except Exception as exc:
                errors.append((handler, exc))
                reg[2] += 1
                if self.max_failures is not None and reg[2] >= self.max_failures:
                    reg[3] = False
                    self._regs.remove(reg)
                for callback in self._callbacks[:]:
                    try:
                        callback(event, handler, exc)
                    except Exception:
                        pass
            else:
                reg[2] = 0
                ok += 1
        if errors and self.strict:
            raise DispatchError(errors)
        return EmitResult(ok, errors)
