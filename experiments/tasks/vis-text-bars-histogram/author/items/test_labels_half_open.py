from histogram import histogram


def test_labels_half_open():
    lines = histogram([1], [0, 2.5, 10.0], width=3).split("\n")
    assert lines[0].startswith("[0, 2.5) ")
    assert lines[1].startswith("[2.5, 10] ")
