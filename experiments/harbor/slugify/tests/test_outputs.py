import sys

sys.path.insert(0, "/app")

from slug import slugify  # noqa: E402

def test_lowercases_and_joins():
    assert slugify("Hello World") == "hello-world"

def test_collapses_runs():
    assert slugify("a  --  b") == "a-b"

def test_strips_both_ends():
    assert slugify("  Hi there!  ") == "hi-there"

def test_only_punctuation():
    assert slugify("!!!") == ""
