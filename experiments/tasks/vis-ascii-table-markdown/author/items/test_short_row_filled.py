from mdtable import to_markdown


def test_short_row_filled():
    assert to_markdown(["a", "b"], [["x"]]).split("\n")[2] == "| x   |     |"
