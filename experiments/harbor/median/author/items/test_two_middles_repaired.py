from stats import median


def test_two_middles():
    assert median([1, 3]) == 2
