from labeled import merge_labeled


def test_touching_merges():
    assert merge_labeled([(7, 9, "second"), (2, 7, "first")]) == [(2, 9, ("first", "second"))]
