from labeled import merge_labeled


def test_duplicate_label_once():
    assert merge_labeled([(1, 5, "r1"), (2, 3, "r1")]) == [(1, 5, ("r1",))]
