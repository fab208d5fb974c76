"""Count contiguous subarrays with a given sum."""


def count_subarrays(nums, target):
    """Number of non-empty contiguous subarrays of nums summing to target."""
    seen = {0: 1}  # prefix sum -> how many prefixes (including the empty one) have it
    running = 0
    total = 0
    for x in nums:
        running += x
        total += seen.get(running - target, 0)
        seen[running] = seen.get(running, 0) + 1
    return total
