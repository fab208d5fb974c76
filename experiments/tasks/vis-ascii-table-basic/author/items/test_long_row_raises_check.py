import pytest

from table import render_table


def test_long_row_raises_check():
    with pytest.raises(ValueError):
        render_table(["a"], [[1, 2]])
