"""Decorator-based dispatcher walking its middleware list by index."""


class NotFound(LookupError):
    def __init__(self, path):
        super().__init__(f"no route for {path}")
        self.path = path


class App:
    def __init__(self):
        self.handlers = {}
        self.route_mw = {}
        self.global_mw = []
        self._counter = 0

    def route(self, path, middleware=()):
        def register(handler):
            if path in self.handlers:
                raise ValueError("duplicate route " + path)
            self.handlers[path] = handler
            self.route_mw[path] = tuple(middleware)
            return handler

        return register

    def middleware(self, func=None, *, priority=0):
        if func is None:
            return lambda f: self.middleware(f, priority=priority)
        self._counter += 1
        self.global_mw.append((-priority, self._counter, func))
        self.global_mw.sort(key=lambda row: row[:2])
        return func

    def dispatch(self, path, request):
        chain = [row[2] for row in self.global_mw] + list(self.route_mw.get(path, ()))

        def step(index, req):
            if index < len(chain):
                return chain[index](req, lambda r: step(index + 1, r))
            if path not in self.handlers:
                raise NotFound(path)
            return self.handlers[path](req)

        return step(0, request)

    def routes(self):
        return sorted(self.handlers)
