from mdtable import to_markdown


def test_none_cell_empty():
    assert to_markdown(["col"], [[None]]).split("\n")[2] == "|     |"
