from table import render_table


def test_numeric_last_column_no_trailing_space():
    out = render_table(["name", "n"], [["a", 1], ["bb", 22]])
    assert not any(line.endswith(" ") for line in out.split("\n"))
