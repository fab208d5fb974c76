from stats import median


def test_list_not_mutated():
    data = [2, 9, 1]
    median(data)
    assert data == [2, 9, 1]
