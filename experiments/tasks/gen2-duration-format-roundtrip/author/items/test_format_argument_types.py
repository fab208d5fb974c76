import pytest

from humantime import format_duration


def test_format_argument_types():
    with pytest.raises(ValueError):
        format_duration(-5)
    with pytest.raises(TypeError):
        format_duration(2.5)
    with pytest.raises(TypeError):
        format_duration(True)
