from iniconf import parse_ini


def test_comment_lines_skipped():
    text = "; header\n[a]\n   # indented comment\n\nx = 1\n"
    assert parse_ini(text) == {"a": {"x": "1"}}
