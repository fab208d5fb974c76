from records import merge_records


def test_second_record_untouched():
    second = {"id": 1, "b": 2}
    merge_records([{"id": 1, "a": 1}, second])
    assert second == {"id": 1, "b": 2}
