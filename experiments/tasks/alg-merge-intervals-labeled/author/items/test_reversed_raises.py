import pytest

from labeled import merge_labeled


def test_reversed_raises():
    with pytest.raises(ValueError):
        merge_labeled([(5, 1, "a")])
