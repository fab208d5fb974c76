from stats import median


def test_even_returns_float_type():
    assert type(median([1, 3])) is float
