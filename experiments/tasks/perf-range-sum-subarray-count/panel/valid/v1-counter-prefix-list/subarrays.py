"""Build every prefix sum first, then count pairs with a Counter."""
from collections import Counter
from itertools import accumulate


def count_subarrays(nums, target):
    prefixes = list(accumulate(nums, initial=0))
    counter = Counter()
    result = 0
    for p in prefixes:
        result += counter[p - target]
        counter[p] += 1
    return result
