from columns import layout


def test_rows_not_modified():
    rows = [["a"], ["b", "cc"]]
    layout(rows, "l")
    assert rows == [["a"], ["b", "cc"]]
