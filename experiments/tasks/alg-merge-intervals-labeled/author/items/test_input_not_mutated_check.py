from labeled import merge_labeled


def test_input_not_mutated_check():
    data = [(4, 6, "m"), (0, 2, "n"), (1, 5, "o")]
    snapshot = list(data)
    merge_labeled(data)
    assert data == snapshot
