import pytest

from blocks import percent_bars


def test_out_of_range_message():
    with pytest.raises(ValueError, match="between 0 and 1"):
        percent_bars([("a", 1.5)])
