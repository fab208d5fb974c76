from subarrays import count_subarrays


def test_positive_example():
    assert count_subarrays([1, 2, 3, 3], 3) == 3
