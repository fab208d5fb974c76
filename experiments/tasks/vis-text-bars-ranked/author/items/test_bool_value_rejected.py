import pytest

from rankbars import rank_bars


def test_bool_value_rejected():
    with pytest.raises(TypeError):
        rank_bars({"a": True})
