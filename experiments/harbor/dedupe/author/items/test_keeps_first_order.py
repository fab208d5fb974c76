from dedupe import dedupe


def test_keeps_first_order():
    assert dedupe([2, 2, 1, 2]) == [2, 1]
