from boxtable import render_box


def test_rows_from_fixture(sample_rows):
    assert len(render_box(["a", "b"], sample_rows).split("\n")) == len(sample_rows) + 4
