from boxtable import render_box


def test_borders_use_plus_and_fill():
    lines = render_box(["a", "b"], [["x", "y"]]).split("\n")
    for border in (lines[0], lines[-1]):
        assert border.startswith("+") and border.endswith("+")
        assert set(border) <= {"+", "-"}
