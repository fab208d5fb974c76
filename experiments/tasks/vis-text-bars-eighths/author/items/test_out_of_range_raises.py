import pytest

from blocks import percent_bars


def test_out_of_range_raises():
    with pytest.raises(ValueError):
        percent_bars([("a", 1.5)])
