import pytest

from strictini import (
    ConfigError, DuplicateKeyError, DuplicateSectionError, parse_strict,
)


def test_sections_and_both_separators():
    text = "[db]\nhost = example.org\nport: 5432\ntime: 12:30\nurl = http://x:1/\n"
    assert parse_strict(text) == {
        "db": {"host": "example.org", "port": "5432", "time": "12:30",
               "url": "http://x:1/"},
    }


def test_comments_blank_lines_and_entry_before_section():
    assert parse_strict("# c\n\n[a]\n  ; note\nx = 1\n") == {"a": {"x": "1"}}
    with pytest.raises(ConfigError) as info:
        parse_strict("\nx = 1\n[a]\n")
    assert info.value.lineno == 2


def test_duplicate_key_in_section():
    text = "[a]\nx = 1\n# c\ny = 2\nx = 3\n"
    with pytest.raises(DuplicateKeyError) as info:
        parse_strict(text)
    err = info.value
    assert (err.section, err.key, err.lineno, err.first_lineno) == ("a", "x", 5, 2)
    assert isinstance(err, ConfigError) and isinstance(err, ValueError)
    assert "line 5" in str(err)


def test_same_key_in_different_sections():
    text = "[a]\nhost = one\n[b]\nhost = two\n"
    assert parse_strict(text) == {"a": {"host": "one"}, "b": {"host": "two"}}


def test_duplicate_section():
    text = "[a]\nx = 1\n[b]\n\n[A]\n"
    with pytest.raises(DuplicateSectionError) as info:
        parse_strict(text)
    err = info.value
    assert (err.section, err.lineno, err.first_lineno) == ("a", 5, 1)
    assert isinstance(err, ConfigError)
    assert "line 5" in str(err)


def test_case_insensitive_names_and_keys():
    assert parse_strict("[Main]\nName = Bob\n") == {"main": {"name": "Bob"}}
    with pytest.raises(DuplicateKeyError) as info:
        parse_strict("[m]\nPort = 1\nport = 2\n")
    assert info.value.key == "port"


def test_continuation_lines():
    text = "[m]\nmotd = Hello\n  World\n\n# c\n\tagain\nnext = 1\n"
    assert parse_strict(text) == {"m": {"motd": "Hello\nWorld\nagain", "next": "1"}}


@pytest.mark.parametrize("text, lineno", [
    ("[a]\n  orphan\n", 2),
    ("  orphan\n", 1),
    ("[a]\nx = 1\n[b]\n  orphan\n", 4),
])
def test_continuation_without_entry(text, lineno):
    with pytest.raises(ConfigError) as info:
        parse_strict(text)
    assert info.value.lineno == lineno


@pytest.mark.parametrize("text, lineno", [
    ("[a]\nno separator\n", 2),
    ("[a]\n= v\n", 2),
    ("[a]\nx = 1\n[]\n", 3),
    ("[a\n", 1),
])
def test_malformed_lines(text, lineno):
    with pytest.raises(ConfigError) as info:
        parse_strict(text)
    assert info.value.lineno == lineno
    assert f"line {lineno}" in str(info.value)
