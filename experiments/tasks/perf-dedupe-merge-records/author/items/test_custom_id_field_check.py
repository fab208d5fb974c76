from records import merge_records


def test_custom_id_field_check():
    recs = [{"sku": "A", "qty": 1}, {"sku": "A", "qty": 3}, {"sku": "B", "qty": 2}]
    assert merge_records(recs, id_field="sku") == [
        {"sku": "A", "qty": 3}, {"sku": "B", "qty": 2},
    ]
