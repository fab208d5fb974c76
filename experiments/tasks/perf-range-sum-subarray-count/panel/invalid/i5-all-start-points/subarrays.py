"""Count contiguous subarrays with a given sum by trying every start."""


def count_subarrays(nums, target):
    values = list(nums)
    total = 0
    for i in range(len(values)):
        running = 0
        for j in range(i, len(values)):
            running += values[j]
            if running == target:
                total += 1
    return total
