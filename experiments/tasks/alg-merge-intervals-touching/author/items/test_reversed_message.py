import pytest

from intervals import merge


def test_reversed_message():
    with pytest.raises(ValueError, match=r"interval \(9, 4\) has start > end"):
        merge([(9, 4)])
