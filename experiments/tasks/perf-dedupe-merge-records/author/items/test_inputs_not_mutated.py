from records import merge_records


def test_inputs_not_mutated():
    first = {"id": 1, "a": 1}
    merge_records([first, {"id": 1, "b": 2}])
    assert first == {"id": 1, "a": 1}
