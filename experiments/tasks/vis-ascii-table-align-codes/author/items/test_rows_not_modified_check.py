from columns import layout


def test_rows_not_modified_check():
    rows = [["a"], ["b", "cc"]]
    layout(rows, "l")
    assert rows == [["a"], ["b", "cc"]]
