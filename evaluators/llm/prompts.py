"""Versioned prompt files: the fixed texts of an LLM component, one `NAME.md` file each.

Each file starts with `<!-- KIND prompt: NAME, version N -->`; the version travels with
what the prompt produced (a trace, a proposal's rationale), so a journal says which
prompts made it. Files ship as package data beside the component that owns them.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources

_HEADER = re.compile(r"^<!-- (\w+) prompt: ([\w ]+), version (\d+) -->\n")


class PromptFiles:
    """The prompts `names` of `package` (a package holding `NAME.md` files)."""

    def __init__(self, package: str, names: tuple[str, ...]) -> None:
        self.package = package
        self.names = names

    @cache  # noqa: B019 - one instance per component, alive for the process
    def _load(self, name: str) -> tuple[str, int]:
        path = resources.files(self.package).joinpath(f"{name}.md")
        text = path.read_text(encoding="utf-8")
        header = _HEADER.match(text)
        if header is None:
            raise RuntimeError(f"prompt {self.package}/{name}.md lacks its version header")
        return text[header.end() :].strip(), int(header.group(3))

    def text(self, name: str) -> str:
        """The body of prompt `name` (format fields in braces are the caller's)."""
        return self._load(name)[0]

    def versions(self) -> dict[str, int]:
        return {name: self._load(name)[1] for name in self.names}
