"""The reflective sessions' fixed prompt texts, versioned files beside this module.

Each file starts with `<!-- reflective prompt: NAME, version N -->`; the versions are
written into every proposal's rationale, so a journal says which prompts produced it.
"""

from __future__ import annotations

from evaluators.llm import PromptFiles

NAMES = ("selection", "diagnosis", "reflection")
_FILES = PromptFiles(__package__, NAMES)


def prompt(name: str) -> str:
    """The body of prompt `name`."""
    return _FILES.text(name)


def prompt_versions() -> dict[str, int]:
    return _FILES.versions()


def version_tag(*names: str) -> str:
    """`[prompts: selection v1, diagnosis v1]`, for a rationale."""
    versions = _FILES.versions()
    return "[prompts: " + ", ".join(f"{n} v{versions[n]}" for n in names) + "]"
