from roman import from_roman


def test_value():
    assert from_roman("XIV") == 14
