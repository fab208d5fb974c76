from columns import layout


def test_centred_block_exact():
    rows = [["title", "n"], ["ab", "1"], ["abcd", "22"], ["a", "333"]]
    assert layout(rows, "cr") == ["title    n", " ab      1", "abcd    22", "  a    333"]
