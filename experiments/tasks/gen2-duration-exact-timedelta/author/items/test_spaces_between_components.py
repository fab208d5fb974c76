from datetime import timedelta

import pytest

from durparse import parse_duration


def test_spaces_between_components():
    assert parse_duration(" 1h 30m ") == timedelta(minutes=90)
    with pytest.raises(ValueError):
        parse_duration("1 h")
