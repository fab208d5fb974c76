from columns import layout


def test_no_trailing_spaces():
    assert layout([["long", ""], ["x", "y"]], "ll") == ["long", "x     y"]
