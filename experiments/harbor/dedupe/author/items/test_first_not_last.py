from dedupe import dedupe


def test_first_not_last():
    assert dedupe([1, 2, 1, 3]) == [1, 2, 3]
