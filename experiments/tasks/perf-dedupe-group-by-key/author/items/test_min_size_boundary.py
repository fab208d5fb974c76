from grouping import group_by


def test_min_size_boundary():
    groups = group_by(["a", "b", "a", "c", "c", "c"], lambda s: s, min_size=2)
    assert groups == {"a": ["a", "a"], "c": ["c", "c", "c"]}
