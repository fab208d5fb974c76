from records import merge_records


def test_one_per_id_ordered():
    recs = [{"id": "b"}, {"id": "a"}, {"id": "b", "x": 1}]
    assert [r["id"] for r in merge_records(recs)] == ["b", "a"]
