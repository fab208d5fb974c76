from labeled import merge_labeled


def test_merges_with_labels():
    data = [(8, 9, "c"), (1, 4, "b"), (2, 6, "a")]
    assert merge_labeled(data) == [(1, 6, ("a", "b")), (8, 9, ("c",))]
