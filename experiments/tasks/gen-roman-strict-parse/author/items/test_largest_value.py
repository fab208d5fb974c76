from roman import from_roman


def test_largest_value():
    assert from_roman("MMMCMXCIX") == 3999
