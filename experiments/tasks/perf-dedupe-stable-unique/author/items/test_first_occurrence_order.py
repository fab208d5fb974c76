from uniq import unique


def test_first_occurrence_order():
    assert unique(["b", "a", "b", "c", "a"]) == ["b", "a", "c"]
