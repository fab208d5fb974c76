from iniconf import parse_ini


def test_inline_hash_kept():
    text = "# comment\n[a]\ncolor = #ff0000\n"
    assert parse_ini(text) == {"a": {"color": "#ff0000"}}
