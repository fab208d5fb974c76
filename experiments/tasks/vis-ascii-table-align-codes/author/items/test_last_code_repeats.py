from columns import layout


def test_last_code_repeats():
    rows = [["a", "b", "c"], ["aaa", "bbb", "ccc"]]
    assert layout(rows, "lr") == ["a      b    c", "aaa  bbb  ccc"]
