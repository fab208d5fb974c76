"""Decorator-based dispatcher that composes the chain with functools.reduce."""
from functools import reduce


class NotFound(LookupError):
    pass


class App:
    def __init__(self):
        self._table = {}
        self._globals = []

    def route(self, path, middleware=()):
        extra = tuple(middleware)

        def deco(fn):
            if path in self._table:
                raise ValueError("route exists")
            self._table[path] = (fn, extra)
            return fn

        return deco

    def middleware(self, func=None, *, priority=0):
        def deco(fn):
            self._globals.append({"fn": fn, "priority": priority, "n": len(self._globals)})
            return fn

        return deco(func) if func is not None else deco

    @staticmethod
    def _missing(path):
        def endpoint(request):
            raise NotFound(path)

        return endpoint

    def dispatch(self, path, request):
        handler, extra = self._table.get(path, (self._missing(path), ()))
        ordered = sorted(self._globals, key=lambda g: (-g["priority"], g["n"]))
        layers = [g["fn"] for g in ordered] + list(extra)
        chain = reduce(lambda inner, mw: (lambda req, mw=mw, inner=inner: mw(req, inner)),
                       reversed(layers), handler)
        return chain(request)

    def routes(self):
        return sorted(self._table.keys())
