import pytest

from boxtable import render_box


def test_ragged_row_raises():
    with pytest.raises(ValueError):
        render_box(["a", "b"], [["x"]])
