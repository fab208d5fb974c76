import copy

from gaps import merge_with_gap


def test_list_not_mutated():
    data = [[9, 12], [1, 3], [2, 5]]
    before = copy.deepcopy(data)
    merge_with_gap(data)
    assert data == before
