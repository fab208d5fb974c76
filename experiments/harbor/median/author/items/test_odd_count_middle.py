from stats import median


def test_odd_count_middle():
    assert median([9, 7, 8]) == 8
