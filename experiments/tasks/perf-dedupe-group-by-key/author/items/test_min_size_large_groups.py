from grouping import group_by


def test_min_size_large_groups():
    groups = group_by(["a", "b", "a", "a"], lambda s: s, min_size=2)
    assert list(groups) == ["a"]
