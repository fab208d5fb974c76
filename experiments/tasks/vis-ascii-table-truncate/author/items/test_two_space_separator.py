from fittable import fit_table


def test_two_space_separator():
    assert fit_table(["a", "b"], [["x", "y"]]).split("\n")[2] == "x  y"
