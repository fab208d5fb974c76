"""Scan from the right with suffix sums."""


def count_subarrays(nums, target):
    values = list(nums)
    suffix_counts = {0: 1}
    suffix = 0
    found = 0
    for x in reversed(values):
        suffix += x
        # nums[i:j] sums to target when suffix(i) - suffix(j) == target
        found += suffix_counts.get(suffix - target, 0)
        suffix_counts[suffix] = suffix_counts.get(suffix, 0) + 1
    return found
