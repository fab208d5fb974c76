from numerals import to_roman


def test_returns_nonempty_str():
    out = to_roman(1994)
    assert isinstance(out, str) and out
