from histogram import histogram


def test_edges_assign_bins():
    lines = histogram([0, 5, 10], [0, 5, 10], width=2).split("\n")
    assert [line.split()[-1] for line in lines] == ["1", "2"]
