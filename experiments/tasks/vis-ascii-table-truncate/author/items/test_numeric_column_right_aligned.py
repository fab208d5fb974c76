from fittable import fit_table


def test_numeric_column_right_aligned():
    lines = fit_table(["count"], [[5], [None], [250]]).split("\n")
    assert lines[2] == "    5"
    assert lines[4] == "  250"
