from grouping import group_by


def test_value_projection_check():
    rows = [("a", 1), ("b", 2), ("a", 3)]
    assert group_by(rows, 0, value=lambda r: r[1]) == {"a": [1, 3], "b": [2]}
