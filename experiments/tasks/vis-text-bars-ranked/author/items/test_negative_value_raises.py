import pytest

from rankbars import rank_bars


def test_negative_value_raises():
    with pytest.raises(ValueError):
        rank_bars({"a": -1})
