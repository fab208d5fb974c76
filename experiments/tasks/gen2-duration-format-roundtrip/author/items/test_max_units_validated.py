import pytest

from humantime import format_duration


def test_max_units_validated():
    with pytest.raises(ValueError):
        format_duration(60, max_units=0)
