import pytest

from marker_rle import decode


def test_unterminated_marker_raises():
    with pytest.raises(ValueError):
        decode("~a5")
