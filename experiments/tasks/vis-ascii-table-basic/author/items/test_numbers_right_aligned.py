from table import render_table


def test_numbers_right_aligned():
    lines = render_table(["count"], [[5], [250]]).split("\n")
    assert lines[2:] == ["    5", "  250"]
