from histogram import histogram


def test_fullest_bin_full_width():
    lines = histogram([1, 6, 7, 8], [0, 5, 10], width=6).split("\n")
    assert lines[1].count("*") == 6
    assert lines[0].count("*") == 2
