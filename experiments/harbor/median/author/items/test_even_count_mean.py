from stats import median


def test_even_count_mean():
    assert median([1, 2]) == 1.5
