"""The harness's fixed prompt texts, versioned files beside this module.

Each file starts with `<!-- testhelix prompt: NAME, version N -->`; `PROMPT_VERSIONS` is
recorded in every trace, so a journal says which prompts produced it.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources

NAMES = ("planning", "generation", "refinement", "review", "feedback", "challenge")
_HEADER = re.compile(r"^<!-- testhelix prompt: (\w[\w ]*), version (\d+) -->\n")


@cache
def _load(name: str) -> tuple[str, int]:
    text = resources.files(__package__).joinpath(f"{name}.md").read_text(encoding="utf-8")
    header = _HEADER.match(text)
    if header is None:
        raise RuntimeError(f"prompt {name}.md lacks its version header")
    return text[header.end() :].strip(), int(header.group(2))


def prompt(name: str) -> str:
    """The body of prompt `name` (format fields in braces are filled by the caller)."""
    return _load(name)[0]


def prompt_versions() -> dict[str, int]:
    return {name: _load(name)[1] for name in NAMES}
