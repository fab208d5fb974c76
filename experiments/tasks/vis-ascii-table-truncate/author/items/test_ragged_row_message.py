import pytest

from fittable import fit_table


def test_ragged_row_message():
    with pytest.raises(ValueError, match="one cell per header"):
        fit_table(["a", "b"], [["x"]])
