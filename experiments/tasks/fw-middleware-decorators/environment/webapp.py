"""Decorator-based routing with middleware."""


class NotFound(LookupError):
    pass


class App:
    def route(self, path, middleware=()):
        raise NotImplementedError

    def middleware(self, func=None, *, priority=0):
        raise NotImplementedError

    def dispatch(self, path, request):
        raise NotImplementedError

    def routes(self):
        raise NotImplementedError
