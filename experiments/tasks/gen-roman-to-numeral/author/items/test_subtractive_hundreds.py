from numerals import to_roman


def test_subtractive_hundreds():
    assert to_roman(444) == "CDXLIV"
