import pytest

from bars import render_bars


def test_zero_width_raises():
    with pytest.raises(ValueError):
        render_bars([("a", 1)], width=0)
