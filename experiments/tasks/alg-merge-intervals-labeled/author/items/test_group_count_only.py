from labeled import merge_labeled


def test_group_count_only():
    assert len(merge_labeled([(8, 9, "c"), (1, 4, "b"), (2, 6, "a")])) == 2
