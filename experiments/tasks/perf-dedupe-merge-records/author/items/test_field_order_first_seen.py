from records import merge_records


def test_field_order_first_seen():
    recs = [{"id": 1, "b": 1}, {"a": 2, "id": 1}]
    assert list(merge_records(recs)[0]) == ["id", "b", "a"]
