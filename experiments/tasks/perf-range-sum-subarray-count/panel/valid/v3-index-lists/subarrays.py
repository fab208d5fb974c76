"""Remember where each prefix sum occurred."""
from collections import defaultdict


def count_subarrays(nums, target):
    where = defaultdict(list)
    where[0].append(-1)
    s = 0
    n = 0
    for pos, x in enumerate(nums):
        s += x
        n += len(where.get(s - target, ()))
        where[s].append(pos)
    return n
