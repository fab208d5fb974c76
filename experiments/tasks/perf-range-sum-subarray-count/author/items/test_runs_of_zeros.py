from subarrays import count_subarrays


def test_runs_of_zeros():
    assert count_subarrays([0, 0, 0], 0) == 6
