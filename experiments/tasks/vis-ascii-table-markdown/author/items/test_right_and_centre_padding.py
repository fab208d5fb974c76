from mdtable import to_markdown


def test_right_and_centre_padding():
    out = to_markdown(["abcd", "n"], [["ab", 5]], align=["center", "right"])
    assert out.split("\n")[2] == "|  ab  |   5 |"
