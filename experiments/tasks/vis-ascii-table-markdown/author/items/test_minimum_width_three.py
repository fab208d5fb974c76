from mdtable import to_markdown


def test_minimum_width_three():
    assert to_markdown(["a"], [["b"]]).split("\n")[1] == "| --- |"
