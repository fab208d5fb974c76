from roman import from_roman


def test_accepts_subtractive_pairs():
    assert [from_roman(t) for t in ["IV", "IX", "XL", "XC", "CD", "CM"]] == [4, 9, 40, 90, 400, 900]
