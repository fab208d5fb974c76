"""The harness's fixed prompt texts, versioned files beside this module.

Each file starts with `<!-- testhelix prompt: NAME, version N -->`; `prompt_versions()` is
recorded in every trace, so a journal says which prompts produced it.
"""

from __future__ import annotations

from evaluators.llm import PromptFiles

NAMES = ("planning", "generation", "refinement", "review", "feedback", "challenge")
_FILES = PromptFiles(__package__, NAMES)
# The agent pairs' prompt is versioned apart, so that traces of structured pairs (and
# their journals) do not change with it.
_AGENT = PromptFiles(
    __package__,
    ("agent", "agent_review", "agent_feedback", "agent_challenge", "agent_repair",
     "agent_fallback"),
)  # fmt: skip


def prompt(name: str) -> str:
    """The body of prompt `name` (format fields in braces are filled by the caller)."""
    return _FILES.text(name)


def prompt_versions() -> dict[str, int]:
    return _FILES.versions()


def agent_prompt(name: str = "agent") -> str:
    """The agent pairs' prompts: `agent`, `agent_review`, `agent_feedback`,
    `agent_challenge`, and the two candidate workflows (`candidate_workflow`)."""
    return _AGENT.text(name)


def candidate_workflow(fallback: bool = True) -> str:
    """The agent prompt's `{candidate_workflow}`: with the execution-positive fallback
    (paper C.1, C.3.4; part of the initial strategy, so every configuration runs with it)
    the `agent_fallback` text, which replaces the plain repair sentence (`agent_repair`)."""
    return agent_prompt("agent_fallback" if fallback else "agent_repair").strip()


def agent_prompt_version() -> dict[str, int]:
    return _AGENT.versions()
