import pytest

from bars import render_bars


def test_negative_message():
    with pytest.raises(ValueError, match="negative value for 'b'"):
        render_bars([("a", 1), ("b", -2)])
