"""Decorator-based dispatcher with priority buckets for global middleware."""
from collections import defaultdict


class NotFound(LookupError):
    """Raised for a path that has no handler."""


class App:
    def __init__(self):
        self._buckets = defaultdict(list)  # priority -> middlewares in registration order
        self._routes = {}

    def middleware(self, func=None, *, priority=0):
        def add(mw):
            self._buckets[priority].append(mw)
            return mw

        return add if func is None else add(func)

    def route(self, path, middleware=()):
        def add(handler):
            if path in self._routes:
                raise ValueError(f"{path} already has a handler")
            self._routes[path] = {"handler": handler, "middleware": list(middleware)}
            return handler

        return add

    def _global_layers(self):
        layers = []
        for priority in sorted(self._buckets, reverse=True):
            layers.extend(self._buckets[priority])
        return layers

    def dispatch(self, path, request):
        spec = self._routes.get(path)
        layers = self._global_layers() + (spec["middleware"] if spec else [])

        def innermost(req):
            if spec is None:
                raise NotFound(path)
            return spec["handler"](req)

        def build(i):
            if i == len(layers):
                return innermost
            rest = build(i + 1)
            return lambda req: layers[i](req, rest)

        return build(0)(request)

    def routes(self):
        return sorted(self._routes)
