import pytest

from roman import from_roman


def test_examples():
    assert from_roman("XIV") == 14
    assert from_roman("MCMXCIV") == 1994
    assert from_roman("MMMCMXCIX") == 3999
    assert from_roman("I") == 1


@pytest.mark.parametrize("text", ["IC", "XM", "VX", "IIII", "VV", "IIX", "XCX", "", "MMMM",
                                  "xiv", " XIV"])
def test_rejected(text):
    with pytest.raises(ValueError):
        from_roman(text)


def test_type_error():
    with pytest.raises(TypeError):
        from_roman(12)
