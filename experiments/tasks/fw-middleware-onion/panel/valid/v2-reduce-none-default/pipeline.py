"""Middleware pipeline composed with functools.reduce; next(None) means "same request"."""
from functools import reduce


class Pipeline:
    def __init__(self, handler):
        self._handler = handler
        self._layers = []

    def use(self, middleware):
        if not callable(middleware):
            raise TypeError("use() expects a callable")
        self._layers.append(middleware)
        return self

    @staticmethod
    def _compose(inner, middleware):
        def outer(request):
            state = {"calls": 0}

            def next_(new_request=None):
                state["calls"] += 1
                if state["calls"] > 1:
                    raise RuntimeError("next may only be called once")
                return inner(request if new_request is None else new_request)

            return middleware(request, next_)

        return outer

    def run(self, request):
        chain = reduce(self._compose, reversed(self._layers), self._handler)
        return chain(request)
