"""Prefix-sum counting that insists on integer input."""


def count_subarrays(nums, target):
    counts = {0: 1}
    acc = 0
    answer = 0
    for x in nums:
        if not isinstance(x, int):
            raise TypeError(f"expected integers, got {x!r}")
        acc += x
        answer += counts.get(acc - target, 0)
        counts[acc] = counts.get(acc, 0) + 1
    return answer
