import copy

from spans import merge_half_open, validate_interval


def test_input_not_mutated_check():
    data = [[5, 9], [1, 3], [2, 6]]
    before = copy.deepcopy(data)
    merge_half_open(data)
    assert data == before
