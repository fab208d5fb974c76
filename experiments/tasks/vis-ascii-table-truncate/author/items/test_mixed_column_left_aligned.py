from fittable import fit_table


def test_mixed_column_left_aligned():
    lines = fit_table(["mix"], [[7], ["abcd"]]).split("\n")
    assert lines[2] == "7"
