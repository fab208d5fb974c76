"""The reflective sessions' fixed prompt texts, versioned files beside this module.

Each file starts with `<!-- reflective prompt: NAME, version N -->`; the versions are
written into every proposal's rationale, so a journal says which prompts produced it.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources

NAMES = ("selection", "diagnosis", "reflection")
_HEADER = re.compile(r"^<!-- reflective prompt: (\w+), version (\d+) -->\n")


@cache
def _load(name: str) -> tuple[str, int]:
    text = resources.files(__package__).joinpath(f"{name}.md").read_text(encoding="utf-8")
    header = _HEADER.match(text)
    if header is None or header.group(1) != name:
        raise RuntimeError(f"prompt {name}.md lacks its version header")
    return text[header.end() :].strip(), int(header.group(2))


def prompt(name: str) -> str:
    """The body of prompt `name`."""
    return _load(name)[0]


def prompt_versions() -> dict[str, int]:
    return {name: _load(name)[1] for name in NAMES}


def version_tag(*names: str) -> str:
    """`[prompts: selection v1, diagnosis v1]`, for a rationale."""
    return "[prompts: " + ", ".join(f"{n} v{_load(n)[1]}" for n in names) + "]"
