"""Onion-style middleware pipeline."""

_SAME = object()  # marks next() called without a request


class Pipeline:
    def __init__(self, handler):
        self._handler = handler
        self._middlewares = []

    def use(self, middleware):
        if not callable(middleware):
            raise TypeError(f"middleware must be callable, got {middleware!r}")
        self._middlewares.append(middleware)
        return self

    @staticmethod
    def _wrap(middleware, inner):
        def layer(request):
            called = False

            def next_(req=_SAME):
                nonlocal called
                if called:
                    raise RuntimeError("next() was already called by this middleware")
                called = True
                return inner(request if req is _SAME else req)

            response = middleware(request, next_)
            if not called:
                return inner(request)
            return response

        return layer

    def run(self, request):
        call = self._handler
        for middleware in reversed(self._middlewares):
            call = self._wrap(middleware, call)
        return call(request)
