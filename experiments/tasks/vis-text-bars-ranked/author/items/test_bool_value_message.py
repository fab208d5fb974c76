import pytest

from rankbars import rank_bars


def test_bool_value_message():
    with pytest.raises(TypeError, match="value for 'a' is not an integer"):
        rank_bars({"a": True})
