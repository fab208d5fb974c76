import copy

from insertion import insert_interval


def test_arguments_not_mutated_check():
    data = [[1, 2], [4, 5], [7, 8]]
    before = copy.deepcopy(data)
    insert_interval(data, [3, 7])
    assert data == before
