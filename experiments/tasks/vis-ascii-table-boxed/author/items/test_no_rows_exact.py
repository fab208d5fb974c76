from boxtable import render_box


def test_no_rows_exact():
    expected = "\n".join(["+-------+", "| title |", "+=======+", "+-------+"])
    assert render_box(["title"], []) == expected
