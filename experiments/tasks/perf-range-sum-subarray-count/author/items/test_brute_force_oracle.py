import random

from subarrays import count_subarrays


def test_brute_force_oracle():
    rng = random.Random(1)
    for _ in range(100):
        nums = [rng.randint(-3, 3) for _ in range(10)]
        assert count_subarrays(nums, 1) == brute_count(nums, 1)
