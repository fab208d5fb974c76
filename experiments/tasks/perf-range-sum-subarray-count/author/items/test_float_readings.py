from subarrays import count_subarrays


def test_float_readings():
    assert count_subarrays([1.5, 1.5, -1.5], 1.5) == 3
