from stats import median


def test_single_value():
    assert median([4]) == 4
