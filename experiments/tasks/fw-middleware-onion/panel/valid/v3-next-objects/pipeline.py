"""Middleware pipeline passing a small callable Next object to every middleware."""


class _Next:
    _NOTHING = object()

    def __init__(self, pipeline, position, request):
        self._pipeline = pipeline
        self._position = position
        self._request = request
        self._spent = False

    def __call__(self, request=_NOTHING):
        if self._spent:
            raise RuntimeError("this next() has already been used")
        self._spent = True
        if request is _Next._NOTHING:
            request = self._request
        return self._pipeline._step(self._position + 1, request)


class Pipeline:
    def __init__(self, handler):
        self._handler = handler
        self._mws = ()

    def use(self, middleware):
        if not callable(middleware):
            raise TypeError(f"{middleware!r} cannot be used as middleware")
        self._mws = self._mws + (middleware,)
        return self

    def _step(self, position, request):
        if position >= len(self._mws):
            return self._handler(request)
        return self._mws[position](request, _Next(self, position, request))

    def run(self, request):
        return self._step(0, request)
