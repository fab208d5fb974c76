from labeled import merge_labeled


def test_merges_with_labels():
    data = [(20, 22, "z"), (3, 8, "y"), (5, 10, "x")]
    assert merge_labeled(data) == [(3, 10, ("x", "y")), (20, 22, ("z",))]
