from columns import layout


def test_no_trailing_spaces_check():
    assert layout([["long", ""], ["x", "y"]], "ll") == ["long", "x     y"]
