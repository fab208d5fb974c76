import pytest

from fittable import fit_table


def test_small_limit_raises_check():
    with pytest.raises(ValueError):
        fit_table(["a"], [["b"]], max_col_width=3)
