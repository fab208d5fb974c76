from gaps import merge_with_gap


def test_nested_absorbed():
    assert merge_with_gap([(1, 10), (2, 3), (12, 15)]) == [(1, 10), (12, 15)]
