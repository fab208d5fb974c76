import pytest

from rle_pairs import RunLengthError, decode


def test_custom_error_import():
    with pytest.raises(RunLengthError):
        decode([("a", -1)])
