from intervals import merge


def test_result_count_only():
    assert len(merge([(1, 4), (2, 3), (6, 8)])) == 2
