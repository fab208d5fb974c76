"""Plugin pipeline where each plugin wraps the rest of the run recursively."""


class Pipeline:
    def __init__(self, handler):
        self.handler = handler
        self.plugins = []

    def add(self, plugin):
        if any(p is plugin for p in self.plugins):
            raise ValueError("duplicate plugin")
        self.plugins.append(plugin)

    def remove(self, plugin):
        for i, p in enumerate(self.plugins):
            if p is plugin:
                self.plugins.pop(i)
                return
        raise ValueError("unknown plugin")

    def _enter(self, plugins, index, ctx):
        if index == len(plugins):
            return self.handler(ctx)
        plugin = plugins[index]
        try:
            before = getattr(plugin, "before", None)
            value = before(ctx) if before else None
            result = value if value is not None else self._enter(plugins, index + 1, ctx)
        except Exception as exc:
            hook = getattr(plugin, "on_error", None)
            if hook:
                hook(ctx, exc)
            raise
        after = getattr(plugin, "after", None)
        if after:
            replaced = after(ctx, result)
            if replaced is not None:
                result = replaced
        return result

    def run(self, ctx):
        return self._enter(tuple(self.plugins), 0, ctx)
