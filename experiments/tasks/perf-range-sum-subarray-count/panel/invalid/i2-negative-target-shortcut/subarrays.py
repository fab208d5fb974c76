"""Count contiguous subarrays with a given sum."""


def count_subarrays(nums, target):
    if target < 0:
        return 0  # a sum of readings cannot be negative
    seen = {0: 1}
    running = 0
    total = 0
    for x in nums:
        running += x
        total += seen.get(running - target, 0)
        seen[running] = seen.get(running, 0) + 1
    return total
