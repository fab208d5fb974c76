import copy

from labeled import merge_labeled


def test_input_not_mutated():
    data = [(6, 9, "b"), (1, 3, "a"), (2, 7, "c")]
    before = copy.deepcopy(data)
    merge_labeled(data)
    assert data == before
