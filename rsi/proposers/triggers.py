"""Lesson triggers: salient words of public task instructions, family names first."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

_STOPWORDS = frozenset(
    [
        "about",
        "after",
        "again",
        "against",
        "between",
        "return",
        "returns",
        "should",
        "which",
        "while",
        "their",
        "there",
        "these",
        "those",
        "other",
        "where",
        "when",
        "must",
        "given",
        "value",
        "values",
        "string",
        "strings",
        "number",
        "numbers",
        "first",
        "second",
        "implement",
        "module",
        "function",
        "called",
        "input",
        "output",
        "raise",
        "raises",
        "error",
        "errors",
        "empty",
        "single",
        "every",
        "always",
        "never",
        "without",
        "within",
        "python",
    ]
)

_CODE_SPAN = re.compile(r"`([^`\n]+)`")
_GENERIC_CODE_WORDS = frozenset(
    [
        "assert",
        "class",
        "false",
        "float",
        "import",
        "lambda",
        "print",
        "raise",
        "return",
        "string",
        "tuple",
        "value",
        "error",
        "errors",
        "valueerror",
        "typeerror",
        "keyerror",
        "python",
        "systemexit",
    ]
)


def _salient_words(text: str) -> tuple[set[str], set[str]]:
    """(names from code spans, other words) of one instruction, lower case, 5+ letters."""
    lowered = text.lower()
    code = set()
    for span in _CODE_SPAN.findall(lowered):
        code.update(re.findall(r"[a-z]{5,}", span))
    prose = set(re.findall(r"[a-z]{5,}", lowered))
    return code - _GENERIC_CODE_WORDS, prose - _STOPWORDS - _GENERIC_CODE_WORDS


def trigger_words(instructions: Iterable[str], limit: int = 3) -> list[str]:
    """Salient words shared by the given public instructions (deterministic order).

    Names in code spans (`parse_version`, `CycleError`) come first: they mark a task
    family, so the lesson fires again on that family's unseen tasks. Plain prose words
    ("another", "because") would fire almost everywhere.
    """
    code_counts: Counter[str] = Counter()
    prose_counts: Counter[str] = Counter()
    for text in instructions:
        code, prose = _salient_words(text)
        code_counts.update(code)
        prose_counts.update(prose - code)
    ranked = sorted(code_counts.items(), key=lambda kv: (-kv[1], kv[0]))
    ranked += sorted(prose_counts.items(), key=lambda kv: (-kv[1], kv[0]))
    return [word for word, _ in ranked[:limit]]
