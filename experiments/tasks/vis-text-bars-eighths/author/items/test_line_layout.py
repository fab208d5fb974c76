from blocks import percent_bars


def test_line_layout():
    lines = percent_bars([("cpu", 0.5), ("memory", 1.0)], width=4).split("\n")
    assert len(lines) == 2
    assert lines[0].startswith("cpu    ")
    assert lines[1].endswith("100.0%")
