"""Pipeline that runs plugin hooks around a handler."""


class Pipeline:
    def __init__(self, handler):
        self._handler = handler
        self._plugins = []

    def add(self, plugin):
        if any(p is plugin for p in self._plugins):
            raise ValueError(f"plugin {plugin!r} is already registered")
        self._plugins.append(plugin)
        return plugin

    def remove(self, plugin):
        for index, p in enumerate(self._plugins):
            if p is plugin:
                del self._plugins[index]
                return
        raise ValueError(f"plugin {plugin!r} is not registered")

    def run(self, ctx):
        plugins = list(self._plugins)
        reached = 0
        result = None
        short_circuited = False
        try:
            for plugin in plugins:
                reached += 1
                before = getattr(plugin, "before", None)
                if before is not None:
                    value = before(ctx)
                    if value is not None:
                        result = value
                        short_circuited = True
                        break
            if not short_circuited:
                result = self._handler(ctx)
        except Exception as exc:
            for plugin in reversed(plugins[:reached]):
                on_error = getattr(plugin, "on_error", None)
                if on_error is not None:
                    on_error(ctx, exc)
            raise
        for plugin in plugins[:reached]:
            after = getattr(plugin, "after", None)
            if after is not None:
                replacement = after(ctx, result)
                if replacement is not None:
                    result = replacement
        return result
