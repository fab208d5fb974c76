from table import render_table


def test_rows_not_modified():
    rows = [["x"], ["y", 2]]
    render_table(["a", "b"], rows)
    assert rows == [["x"], ["y", 2]]
