"""Count contiguous subarrays with a given sum (prefix sums computed in place)."""


def count_subarrays(nums, target):
    if not isinstance(nums, list):
        nums = list(nums)
    for i in range(1, len(nums)):
        nums[i] += nums[i - 1]
    seen = {0: 1}
    total = 0
    for p in nums:
        total += seen.get(p - target, 0)
        seen[p] = seen.get(p, 0) + 1
    return total
