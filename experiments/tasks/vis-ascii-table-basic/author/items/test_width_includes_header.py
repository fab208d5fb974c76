from table import render_table


def test_width_includes_header():
    lines = render_table(["description", "n"], [["x", 1]]).split("\n")
    assert lines[2].startswith("x           |")
