from histogram import histogram


def test_empty_bin_has_no_bar():
    first = histogram([7], [0, 5, 10], width=5).split("\n")[0]
    assert "*" not in first
    assert first.split()[-1] == "0"
