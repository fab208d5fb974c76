from records import merge_records


def test_field_order_fixture(crm_rows):
    assert list(merge_records(crm_rows)[0]) == ["id", "b", "a"]
