import pytest

from durations import parse_duration


def test_rejects_repeated_unit():
    with pytest.raises(ValueError):
        parse_duration("1m2m")
