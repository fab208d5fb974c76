from labeled import merge_labeled


def test_single_label_tuple():
    assert merge_labeled([(1, 2, "x")]) == [(1, 2, ("x",))]
