from columns import layout


def test_right_aligned_last_column_clean():
    out = layout([["a", "1"], ["bb", "22"]], "lr")
    assert all(not line.endswith(" ") for line in out)
