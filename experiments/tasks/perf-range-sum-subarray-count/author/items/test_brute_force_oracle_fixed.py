import random

from subarrays import count_subarrays


def _brute_count(nums, target):
    return sum(
        1 for i in range(len(nums)) for j in range(i + 1, len(nums) + 1)
        if sum(nums[i:j]) == target
    )


def test_brute_force_oracle():
    rng = random.Random(1)
    for _ in range(100):
        nums = [rng.randint(-3, 3) for _ in range(10)]
        assert count_subarrays(nums, 1) == _brute_count(nums, 1)
