from kvfmt import unescape


def test_unescape_helper():
    assert unescape("a\\nb") == "a\nb"
