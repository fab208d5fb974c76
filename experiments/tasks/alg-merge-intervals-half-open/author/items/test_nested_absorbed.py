from spans import merge_half_open


def test_nested_absorbed():
    assert merge_half_open([[1, 10], [2, 3]]) == [[1, 10]]
