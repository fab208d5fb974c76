import sys

sys.path.insert(0, "/app")

from titles import title_case  # noqa: E402

def test_capitalizes_words():
    assert title_case("hello wORLD") == "Hello World"

def test_small_words_lower():
    assert title_case("lord of the rings") == "Lord of the Rings"

def test_first_small_word_capitalized():
    assert title_case("the end") == "The End"

def test_spaces_normalized():
    assert title_case("  a   tale ") == "A Tale"
