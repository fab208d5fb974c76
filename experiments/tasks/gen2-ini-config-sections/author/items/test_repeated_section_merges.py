from iniconf import parse_ini


def test_repeated_section_merges():
    text = "[a]\nx = 1\n[b]\n[a]\ny = 2\nx = 3\n"
    assert parse_ini(text)["a"] == {"x": "3", "y": "2"}
