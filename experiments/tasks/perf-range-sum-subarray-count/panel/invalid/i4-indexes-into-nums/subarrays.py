"""Count contiguous subarrays with a given sum."""


def count_subarrays(nums, target):
    seen = {0: 1}
    running = 0
    total = 0
    for i in range(len(nums)):
        running += nums[i]
        total += seen.get(running - target, 0)
        seen[running] = seen.get(running, 0) + 1
    return total
