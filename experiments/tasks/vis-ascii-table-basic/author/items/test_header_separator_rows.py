from table import render_table


def test_header_separator_rows():
    lines = render_table(["name", "qty"], [["apple", 3]]).split("\n")
    assert len(lines) == 3
    assert lines[0].startswith("name")
    assert lines[2] == "apple |   3"
