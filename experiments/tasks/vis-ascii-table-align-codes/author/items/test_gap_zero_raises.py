import pytest

from columns import layout


def test_gap_zero_raises():
    with pytest.raises(ValueError):
        layout([["a"]], "l", gap=0)
