"""Plugin pipeline that pushes reached plugins on a stack and unwinds it."""

_NO_HOOK = None


class Pipeline:
    def __init__(self, handler):
        self._handler = handler
        self._plugins = []

    def add(self, plugin):
        for existing in self._plugins:
            if existing is plugin:
                raise ValueError("plugin already added")
        self._plugins.append(plugin)

    def remove(self, plugin):
        kept = [p for p in self._plugins if p is not plugin]
        if len(kept) == len(self._plugins):
            raise ValueError("plugin was never added")
        self._plugins = kept

    def run(self, ctx):
        stack = []
        try:
            outcome, stopped = None, False
            for plugin in list(self._plugins):
                stack.append(plugin)
                hook = getattr(plugin, "before", _NO_HOOK)
                if hook is not _NO_HOOK:
                    outcome = hook(ctx)
                    if outcome is not None:
                        stopped = True
                        break
            if not stopped:
                outcome = self._handler(ctx)
        except Exception as error:
            while stack:
                hook = getattr(stack.pop(), "on_error", _NO_HOOK)
                if hook is not _NO_HOOK:
                    hook(ctx, error)
            raise
        while stack:
            hook = getattr(stack.pop(), "after", _NO_HOOK)
            if hook is not _NO_HOOK:
                new = hook(ctx, outcome)
                outcome = outcome if new is None else new
        return outcome
