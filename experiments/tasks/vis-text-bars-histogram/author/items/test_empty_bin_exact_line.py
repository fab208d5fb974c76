from histogram import histogram


def test_empty_bin_exact_line():
    assert histogram([7], [0, 5, 10], width=5).split("\n")[0] == "[0, 5)  | 0"
