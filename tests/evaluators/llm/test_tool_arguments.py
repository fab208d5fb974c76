"""A traced tool call keeps what identifies it: the path and the short arguments survive the cut."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from evaluators.llm import ARGUMENT_CHARS, cut_tool_arguments


def test_a_long_write_keeps_its_path_though_content_sorts_first() -> None:
    text = cut_tool_arguments({"content": "x = 1\n" * 400, "path": "tests/test_roman.py"})

    assert len(text) == ARGUMENT_CHARS
    assert text.startswith('{"path": "tests/test_roman.py"')
    assert text.endswith("…")


def test_short_arguments_come_before_long_ones() -> None:
    text = cut_tool_arguments({"a_long": "y" * 500, "path": "app/x.py", "mode": "append"})

    assert text.index('"mode"') < text.index('"a_long"')


def test_an_uncut_text_is_the_arguments_as_json() -> None:
    arguments = {"path": "tests/t.py", "repeats": 2, "args": ["-k", "roman"]}

    assert json.loads(cut_tool_arguments(arguments)) == arguments


@given(
    st.dictionaries(st.text(min_size=1, max_size=8), st.text(max_size=300), max_size=5),
    st.text(st.characters(blacklist_categories=("Cc", "Cs")), min_size=1, max_size=60),
)
def test_the_cut_is_bounded_and_a_short_path_always_survives(
    others: dict[str, str], path: str
) -> None:
    arguments = {**others, "path": path}
    text = cut_tool_arguments(arguments)

    assert len(text) <= ARGUMENT_CHARS
    assert text.startswith('{"path": ' + json.dumps(path, ensure_ascii=False))
