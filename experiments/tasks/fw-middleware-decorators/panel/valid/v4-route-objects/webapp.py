"""Decorator-based dispatcher with Route and Layer records."""
from dataclasses import dataclass, field
from typing import Callable, List


class NotFound(LookupError):
    def __init__(self, path):
        super().__init__(path)
        self.path = path


@dataclass
class Route:
    path: str
    handler: Callable
    middleware: List[Callable] = field(default_factory=list)


@dataclass(order=True)
class Layer:
    sort_key: tuple
    fn: Callable = field(compare=False)


class App:
    def __init__(self):
        self._routes: dict = {}
        self._layers: list = []

    def route(self, path, middleware=()):
        def register(handler):
            if path in self._routes:
                raise ValueError("path already routed: %s" % path)
            self._routes[path] = Route(path, handler, list(middleware))
            return handler

        return register

    def middleware(self, func=None, *, priority=0):
        def register(fn):
            self._layers.append(Layer((-priority, len(self._layers)), fn))
            return fn

        if callable(func):
            return register(func)
        return register

    def dispatch(self, path, request):
        route = self._routes.get(path)
        stack = [layer.fn for layer in sorted(self._layers)]
        if route is not None:
            stack += route.middleware

        def endpoint(req):
            if route is None:
                raise NotFound(path)
            return route.handler(req)

        call = endpoint
        while stack:
            mw = stack.pop()
            call = (lambda m, nxt: lambda req: m(req, nxt))(mw, call)
        return call(request)

    def routes(self):
        return sorted(self._routes)
