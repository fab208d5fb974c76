import pytest

from labeled import merge_labeled


def test_reversed_raises():
    with pytest.raises(ValueError):
        merge_labeled([(1, 2, "ok"), (9, 3, "bad")])
