"""Plugin pipeline that resolves each plugin's hooks once, when the plugin is added."""
from dataclasses import dataclass
from typing import Any, Callable, Optional


@dataclass
class _Entry:
    plugin: Any
    before: Optional[Callable]
    after: Optional[Callable]
    on_error: Optional[Callable]


class Pipeline:
    def __init__(self, handler):
        self._handler = handler
        self._entries = []

    def add(self, plugin):
        if any(e.plugin is plugin for e in self._entries):
            raise ValueError("this plugin is registered already")
        self._entries.append(_Entry(plugin, getattr(plugin, "before", None),
                                    getattr(plugin, "after", None),
                                    getattr(plugin, "on_error", None)))

    def remove(self, plugin):
        for entry in self._entries:
            if entry.plugin is plugin:
                self._entries.remove(entry)
                return
        raise ValueError("cannot remove a plugin that is not registered")

    def run(self, ctx):
        entries = self._entries[:]
        reached = []
        result = None
        try:
            for entry in entries:
                reached.append(entry)
                if entry.before and (result := entry.before(ctx)) is not None:
                    break
            else:
                result = self._handler(ctx)
        except Exception as exc:
            for entry in reversed(reached):
                if entry.on_error:
                    entry.on_error(ctx, exc)
            raise
        for entry in reversed(reached):
            if entry.after:
                new_result = entry.after(ctx, result)
                if new_result is not None:
                    result = new_result
        return result
