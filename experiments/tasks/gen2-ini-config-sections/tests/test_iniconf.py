import pytest

from iniconf import ConfigError, parse_ini

SAMPLE = """
[server]
host = example.org
port=8080

[paths]
url = http://x/?a=b&c=d
"""


def test_sections_and_entries():
    assert parse_ini(SAMPLE) == {
        "server": {"host": "example.org", "port": "8080"},
        "paths": {"url": "http://x/?a=b&c=d"},
    }


def test_comments_are_whole_lines():
    text = "# top\n[a]\n  ; note\nx = 1 # not a comment\ny = 2 ; nor this\n"
    assert parse_ini(text) == {"a": {"x": "1 # not a comment", "y": "2 ; nor this"}}


def test_entries_before_first_section():
    assert parse_ini("k = v\n[s]\nx = 1\n") == {"": {"k": "v"}, "s": {"x": "1"}}
    assert "" not in parse_ini("[s]\nx = 1\n")


def test_case_insensitive_names():
    text = "[Server]\nHost = Example.ORG\n[SERVER]\nPORT = 1\n"
    assert parse_ini(text) == {"server": {"host": "Example.ORG", "port": "1"}}


def test_repeated_sections_merge_and_last_key_wins():
    text = "[a]\nx = 1\ny = 2\n[b]\nz = 3\n[a]\nx = 9\n"
    assert parse_ini(text) == {"a": {"x": "9", "y": "2"}, "b": {"z": "3"}}
    assert list(parse_ini(text)) == ["a", "b"]


def test_empty_values_and_sections():
    assert parse_ini("[a]\nx =\n[b]\n") == {"a": {"x": ""}, "b": {}}


@pytest.mark.parametrize("text, lineno", [
    ("[a]\njust words\n", 2),
    ("# c\n\n[a]\n= value\n", 4),
    ("[]\n", 1),
    ("x = 1\n\n[abc\n", 3),
    ("[ ]\n", 1),
])
def test_malformed_lines(text, lineno):
    with pytest.raises(ConfigError) as info:
        parse_ini(text)
    assert info.value.lineno == lineno
    assert f"line {lineno}" in str(info.value)
    assert isinstance(info.value, ValueError)


def test_crlf_line_endings():
    text = "[a]\r\nx = 1\r\ny = two words\r\n"
    assert parse_ini(text) == {"a": {"x": "1", "y": "two words"}}


def test_crlf_line_numbers():
    with pytest.raises(ConfigError) as info:
        parse_ini("[a]\r\nx = 1\r\noops\r\n")
    assert info.value.lineno == 3
