from subarrays import count_subarrays


def test_zero_target_counts_nonempty():
    assert count_subarrays([5, -5, 7], 0) == 1
