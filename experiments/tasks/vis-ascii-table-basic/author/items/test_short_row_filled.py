from table import render_table


def test_short_row_filled():
    assert render_table(["a", "b"], [["x"]]).split("\n")[2] == "x |"
