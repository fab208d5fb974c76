from labeled import merge_labeled


def test_empty_input():
    assert merge_labeled([]) == []
