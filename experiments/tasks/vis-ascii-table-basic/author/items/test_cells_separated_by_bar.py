from table import render_table


def test_cells_separated_by_bar():
    assert render_table(["a", "b"], [["x", "y"]]).split("\n")[2] == "x | y"
