import copy

from intervals import merge


def test_input_not_mutated_check():
    data = [[6, 8], [1, 3], [2, 5]]
    before = copy.deepcopy(data)
    merge(data)
    assert data == before
