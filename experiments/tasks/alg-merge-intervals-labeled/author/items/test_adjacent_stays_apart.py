from labeled import merge_labeled


def test_adjacent_stays_apart():
    assert merge_labeled([(1, 3, "a"), (4, 5, "b")]) == [(1, 3, ("a",)), (4, 5, ("b",))]
