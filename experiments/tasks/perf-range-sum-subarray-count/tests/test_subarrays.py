import random

import pytest

from subarrays import count_subarrays


def brute(nums, target):
    return sum(
        1 for i in range(len(nums)) for j in range(i + 1, len(nums) + 1)
        if sum(nums[i:j]) == target
    )


def test_positive_numbers():
    assert count_subarrays([1, 2, 3], 3) == 2
    assert count_subarrays([1, 1, 1], 2) == 2
    assert count_subarrays([2, 4, 6], 5) == 0


def test_negatives_and_zeros():
    assert count_subarrays([1, -1, 1], 0) == 2
    assert count_subarrays([0, 0], 0) == 3
    assert count_subarrays([3, -2, 2, 1], 3) == 3


def test_empty_and_unusual_targets():
    assert count_subarrays([], 0) == 0
    assert count_subarrays([], 5) == 0
    assert count_subarrays([-1, -2, 3, -3], -3) == 3
    assert count_subarrays([5], 0) == 0


def test_input_list_not_modified():
    nums = [1, 2, -1, 4]
    count_subarrays(nums, 3)
    assert nums == [1, 2, -1, 4]


def test_generator_input():
    assert count_subarrays((x for x in [1, 2, 1, 2]), 3) == 3
    assert count_subarrays(iter([0, 0, 0]), 0) == 6


def test_matches_brute_force():
    rng = random.Random(7)
    for _ in range(200):
        nums = [rng.randint(-4, 4) for _ in range(rng.randint(0, 14))]
        target = rng.randint(-5, 5)
        assert count_subarrays(nums, target) == brute(nums, target)
