"""Count contiguous subarrays with a given sum."""


def count_subarrays(nums, target):
    seen = {0: 1}
    running = 0
    total = 0
    for x in nums:
        running += x
        seen[running] = seen.get(running, 0) + 1
        total += seen.get(running - target, 0)
    return total
