from intervals import merge


def test_empty_input():
    assert merge([]) == []
