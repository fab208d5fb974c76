from table import render_table


def test_bool_left_aligned():
    lines = render_table(["flag"], [[True], [12345]]).split("\n")
    assert lines[2] == "True"
