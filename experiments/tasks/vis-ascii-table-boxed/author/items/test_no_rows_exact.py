from boxtable import render_box


def test_no_rows_exact():
    assert render_box(["only"], []) == "+------+\n| only |\n+======+\n+------+"
