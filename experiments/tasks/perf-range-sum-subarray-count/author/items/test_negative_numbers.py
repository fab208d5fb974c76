from subarrays import count_subarrays


def test_negative_numbers():
    assert count_subarrays([1, -1, 1], 0) == 2
