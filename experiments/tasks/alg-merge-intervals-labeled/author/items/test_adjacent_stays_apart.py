from labeled import merge_labeled


def test_adjacent_stays_apart():
    merged = merge_labeled([(10, 12, "q"), (13, 20, "p")])
    assert merged == [(10, 12, ("q",)), (13, 20, ("p",))]
