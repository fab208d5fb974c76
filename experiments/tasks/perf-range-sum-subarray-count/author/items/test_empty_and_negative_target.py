from subarrays import count_subarrays


def test_empty_and_negative_target():
    assert count_subarrays([], 1) == 0
    assert count_subarrays([-1, 0], -1) == 2
