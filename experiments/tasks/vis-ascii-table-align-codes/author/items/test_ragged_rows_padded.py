from columns import layout


def test_ragged_rows_padded():
    assert layout([["a"], ["b", "cc", "d"]], "l") == ["a", "b  cc  d"]
