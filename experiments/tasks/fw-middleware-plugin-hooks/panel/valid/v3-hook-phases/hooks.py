"""Plugin pipeline that resolves hook lists per run and walks them phase by phase."""


class Pipeline:
    HOOKS = ("before", "after", "on_error")

    def __init__(self, handler):
        self._handler = handler
        self._registry = {}  # id(plugin) -> plugin, insertion ordered

    def add(self, plugin):
        if id(plugin) in self._registry:
            raise ValueError(f"{type(plugin).__name__} instance added twice")
        self._registry[id(plugin)] = plugin

    def remove(self, plugin):
        if self._registry.get(id(plugin)) is not plugin:
            raise ValueError(f"{type(plugin).__name__} instance not registered")
        del self._registry[id(plugin)]

    def _hooks(self, plugins):
        return [{name: getattr(p, name, None) for name in self.HOOKS} for p in plugins]

    def run(self, ctx):
        hooks = self._hooks(list(self._registry.values()))
        depth = 0
        try:
            result = None
            for depth, table in enumerate(hooks, start=1):
                if table["before"] is not None:
                    result = table["before"](ctx)
                    if result is not None:
                        break
            else:
                depth = len(hooks)
                result = self._handler(ctx)
        except Exception as exc:
            for table in hooks[:depth][::-1]:
                if table["on_error"] is not None:
                    table["on_error"](ctx, exc)
            raise
        for table in hooks[:depth][::-1]:
            if table["after"] is not None:
                changed = table["after"](ctx, result)
                if changed is not None:
                    result = changed
        return result
