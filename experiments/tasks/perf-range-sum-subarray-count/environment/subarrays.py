"""Count contiguous subarrays with a given sum."""


def count_subarrays(nums, target):
    """Number of non-empty contiguous subarrays of nums summing to target."""
    nums = list(nums)
    count = 0
    lo = 0
    window = 0
    for hi, x in enumerate(nums):
        window += x
        # shrink from the left while the window is too large
        while window > target and lo <= hi:
            window -= nums[lo]
            lo += 1
        if window == target and lo <= hi:
            count += 1
    return count
