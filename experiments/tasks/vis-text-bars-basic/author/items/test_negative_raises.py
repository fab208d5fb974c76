import pytest

from bars import render_bars


def test_negative_raises():
    with pytest.raises(ValueError):
        render_bars([("a", 1), ("b", -2)])
