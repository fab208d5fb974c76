from subarrays import count_subarrays


def test_generator_input_check():
    assert count_subarrays((n for n in [2, 2, 2]), 4) == 2
