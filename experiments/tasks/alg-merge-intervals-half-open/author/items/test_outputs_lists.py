from spans import merge_half_open


def test_outputs_lists():
    merged = merge_half_open([(10, 20), (0, 3)])
    assert [list(iv) for iv in merged] == [[0, 3], [10, 20]]
    for interval in merged:
        assert isinstance(interval, list) and not isinstance(interval, tuple)
