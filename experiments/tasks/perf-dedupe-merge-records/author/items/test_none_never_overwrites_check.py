from records import merge_records


def test_none_never_overwrites_check():
    recs = [{"id": 1, "phone": "555"}, {"id": 1, "phone": None, "fax": None}]
    assert merge_records(recs) == [{"id": 1, "phone": "555", "fax": None}]
