import pytest

from interp import InterpolationError, resolve


def test_unterminated_reference_check():
    with pytest.raises(InterpolationError):
        resolve({"s": {"a": "${open"}})
