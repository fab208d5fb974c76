from subarrays import count_subarrays


def test_nonzero_targets_only():
    assert count_subarrays([1, 2, 1, 2], 3) == 3
