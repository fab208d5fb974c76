from histogram import histogram


def test_one_line_per_bin():
    lines = histogram([1, 2, 6], [0, 5, 10], width=4).split("\n")
    assert len(lines) == 2
    assert [line.split()[-1] for line in lines] == ["2", "1"]
