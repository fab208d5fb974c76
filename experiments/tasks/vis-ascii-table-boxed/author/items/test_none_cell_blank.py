from boxtable import render_box


def test_none_cell_blank():
    out = render_box(["a", "b"], [[None, "x"]])
    assert "None" not in out
    assert out.split("\n")[3] == "|   | x |"
