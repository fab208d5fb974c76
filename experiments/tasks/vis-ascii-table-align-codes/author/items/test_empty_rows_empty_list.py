from columns import layout


def test_empty_rows_empty_list():
    assert layout([], "l") == []
