"""Middleware pipeline that dispatches by index instead of pre-building closures."""


class Pipeline:
    _UNSET = object()

    def __init__(self, handler):
        self.handler = handler
        self.stack = []

    def use(self, middleware):
        if not callable(middleware):
            raise TypeError("middleware is not callable")
        self.stack.append(middleware)
        return self

    def _dispatch(self, index, request):
        if index == len(self.stack):
            return self.handler(request)
        used = []

        def next_(req=Pipeline._UNSET):
            if used:
                raise RuntimeError("next called twice")
            used.append(True)
            return self._dispatch(index + 1, request if req is Pipeline._UNSET else req)

        return self.stack[index](request, next_)

    def run(self, request):
        return self._dispatch(0, request)
