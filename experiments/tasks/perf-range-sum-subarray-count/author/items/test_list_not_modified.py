from subarrays import count_subarrays


def test_list_not_modified():
    nums = [4, -1, 2]
    count_subarrays(nums, 1)
    assert nums == [4, -1, 2]
