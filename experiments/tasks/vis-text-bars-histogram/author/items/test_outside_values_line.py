from histogram import histogram


def test_outside_values_line():
    lines = histogram([-1, 3, 11], [0, 5, 10], width=2).split("\n")
    assert lines[-1] == "outside: 2"
    assert len(lines) == 3
