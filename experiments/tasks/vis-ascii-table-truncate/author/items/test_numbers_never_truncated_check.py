from fittable import fit_table


def test_numbers_never_truncated_check():
    lines = fit_table(["n"], [[123456789]], max_col_width=5).split("\n")
    assert lines[2] == "123456789"
