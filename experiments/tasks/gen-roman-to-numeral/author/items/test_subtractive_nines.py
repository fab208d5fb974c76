from numerals import to_roman


def test_subtractive_nines():
    assert [to_roman(n) for n in (9, 90, 900, 99)] == ["IX", "XC", "CM", "XCIX"]
