import pytest

from roman import from_roman


@pytest.mark.parametrize("text, value", [
    ("I", 1), ("III", 3), ("IV", 4), ("IX", 9), ("XIV", 14), ("XL", 40), ("XC", 90),
    ("CD", 400), ("CM", 900), ("MCMXCIV", 1994), ("MMXXIV", 2024), ("DCCCLXXXVIII", 888),
])
def test_values(text, value):
    assert from_roman(text) == value


@pytest.mark.parametrize("text", ["IL", "IC", "ID", "IM", "VX", "XD", "XM", "LC", "DM"])
def test_non_standard_subtractive_pairs_rejected(text):
    with pytest.raises(ValueError):
        from_roman(text)


@pytest.mark.parametrize("text", ["IIII", "XXXX", "CCCC", "VV", "LL", "DD", "IIX", "XCX",
                                  "IXI", "VIV", "CMC"])
def test_non_standard_forms_rejected(text):
    with pytest.raises(ValueError):
        from_roman(text)


def test_range_limits():
    assert from_roman("MMMCMXCIX") == 3999
    for text in ["", "MMMM", "MMMMI"]:
        with pytest.raises(ValueError):
            from_roman(text)


@pytest.mark.parametrize("text", ["xiv", "Xiv", " XIV", "XIV ", "X IV", "XIV\n", "XIVZ", "1"])
def test_case_and_other_characters_rejected(text):
    with pytest.raises(ValueError):
        from_roman(text)


@pytest.mark.parametrize("value", [14, None, b"XIV", ["X"]])
def test_non_str_raises_type_error(value):
    with pytest.raises(TypeError):
        from_roman(value)
