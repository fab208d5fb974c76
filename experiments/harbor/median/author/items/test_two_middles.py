from stats import median


def test_two_middles():
    assert median(PAIR) == 2
