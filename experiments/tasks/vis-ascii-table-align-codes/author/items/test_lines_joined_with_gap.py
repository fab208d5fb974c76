from columns import layout


def test_lines_joined_with_gap():
    assert layout([["a", "bb"], ["ccc", "d"]], "ll") == ["a    bb", "ccc  d"]
