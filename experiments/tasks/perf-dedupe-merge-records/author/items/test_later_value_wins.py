from records import merge_records


def test_later_value_wins():
    recs = [{"id": 1, "city": "Oslo"}, {"id": 1, "city": "Bergen"}]
    assert merge_records(recs)[0]["city"] == "Bergen"
