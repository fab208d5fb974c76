import pytest

from spans import merge_half_open


def test_reversed_message():
    with pytest.raises(ValueError, match=r"invalid interval \[5, 3\)"):
        merge_half_open([[5, 3]])
