from records import merge_records


def test_none_keeps_value_helper():
    recs = [{"id": 1, "phone": "555"}, {"id": 1, "phone": None}]
    assert merge_records(recs)[0]["phone"] == "555"
