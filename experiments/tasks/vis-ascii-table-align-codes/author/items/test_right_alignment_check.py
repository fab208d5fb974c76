from columns import layout


def test_right_alignment_check():
    assert layout([["1"], ["100"]], "r") == ["  1", "100"]
