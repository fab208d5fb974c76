from labeled import merge_labeled


def test_touching_merges():
    assert merge_labeled([(3, 5, "late"), (1, 3, "early")]) == [(1, 5, ("early", "late"))]
