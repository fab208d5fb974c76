from table import render_table


def test_empty_headers_give_blank_lines():
    assert render_table([], []) == "\n"
