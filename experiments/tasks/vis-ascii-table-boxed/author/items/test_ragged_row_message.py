import pytest

from boxtable import render_box


def test_ragged_row_message():
    with pytest.raises(ValueError, match="row 2 has 1 cells, expected 2"):
        render_box(["a", "b"], [["x", "y"], ["z"]])
