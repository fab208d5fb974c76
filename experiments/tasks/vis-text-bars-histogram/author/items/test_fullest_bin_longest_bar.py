from histogram import histogram


def test_fullest_bin_longest_bar():
    lines = histogram([1, 6, 7, 8], [0, 5, 10], width=6).split("\n")
    assert lines[1].count("*") > lines[0].count("*") > 0
