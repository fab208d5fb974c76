from columns import layout


def test_centre_odd_space_right():
    out = layout([["ab", "|"], ["xxxxx", "|"]], "cl")
    assert out[0] == " ab    |"
