from fittable import fit_table


def test_long_cell_truncated():
    lines = fit_table(["t"], [["abcdefghij"]], max_col_width=8).split("\n")
    assert lines[2] == "abcde..."
