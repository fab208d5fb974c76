"""Decorator-based routing with middleware."""


class NotFound(KeyError):
    """No handler is registered for the requested path."""


class App:
    def __init__(self):
        self._routes = {}  # path -> (handler, route middlewares)
        self._middleware = []  # (priority, registration index, middleware)

    def route(self, path, middleware=()):
        route_middleware = list(middleware)

        def decorator(func):
            if path in self._routes:
                raise ValueError(f"a handler for {path!r} is already registered")
            self._routes[path] = (func, route_middleware)
            return func

        return decorator

    def middleware(self, func=None, *, priority=0):
        def register(mw):
            self._middleware.append((priority, len(self._middleware), mw))
            return mw

        if func is None:
            return register
        return register(func)

    def _chain(self, path):
        entry = self._routes.get(path)
        if entry is None:
            raise NotFound(path)
        endpoint, route_middleware = entry
        ordered = sorted(self._middleware, key=lambda item: (-item[0], item[1]))
        layers = [mw for _, _, mw in ordered] + route_middleware
        call = endpoint
        for mw in reversed(layers):
            call = self._wrap(mw, call)
        return call

    @staticmethod
    def _wrap(mw, inner):
        def layer(request):
            return mw(request, inner)

        return layer

    def dispatch(self, path, request):
        return self._chain(path)(request)

    def routes(self):
        return sorted(self._routes)
