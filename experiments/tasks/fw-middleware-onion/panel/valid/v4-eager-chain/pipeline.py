"""Middleware pipeline that rebuilds its composed chain whenever a middleware is added."""


class Pipeline:
    def __init__(self, handler):
        self._handler = handler
        self._middleware = []
        self._entry = handler

    def use(self, middleware):
        if not callable(middleware):
            raise TypeError("not a callable middleware")
        self._middleware.append(middleware)
        self._entry = self._build()
        return self

    def _build(self):
        entry = self._handler
        for mw in self._middleware[::-1]:
            entry = self._layer(mw, entry)
        return entry

    @staticmethod
    def _layer(mw, inner):
        missing = object()

        def run_layer(request):
            remaining = [1]

            def next_(req=missing):
                if not remaining:
                    raise RuntimeError("double next()")
                remaining.pop()
                return inner(request if req is missing else req)

            return mw(request, next_)

        return run_layer

    def run(self, request):
        return self._entry(request)
