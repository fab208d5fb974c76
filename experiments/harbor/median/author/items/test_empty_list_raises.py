from stats import median


def test_empty_list_raises():
    import pytest
    with pytest.raises(ValueError):
        median([])
