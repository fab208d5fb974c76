from columns import render_columns


def test_columns_helper_import():
    assert render_columns([["a"]]) == "a"
