from numerals import to_roman


def test_lowercase_output():
    assert to_roman(14, lowercase=True) == "xiv"
