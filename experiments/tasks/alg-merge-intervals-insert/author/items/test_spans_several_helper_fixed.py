from insertion import insert_interval


def test_spans_several_helper():
    result = insert_interval([(1, 2), (4, 5), (7, 8), (10, 11)], (3, 8))
    assert result == [(1, 2), (3, 8), (10, 11)]
