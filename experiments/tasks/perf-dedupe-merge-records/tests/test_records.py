import copy

import pytest

from records import merge_records


def test_one_record_per_id_in_first_appearance_order():
    recs = [{"id": 2, "a": 1}, {"id": 1, "a": 2}, {"id": 2, "b": 3}, {"id": 3}]
    assert [r["id"] for r in merge_records(recs)] == [2, 1, 3]


def test_later_values_win():
    recs = [{"id": 1, "name": "Ann", "city": "Oslo"}, {"id": 1, "city": "Bergen"}]
    assert merge_records(recs) == [{"id": 1, "name": "Ann", "city": "Bergen"}]


def test_none_never_overwrites():
    recs = [
        {"id": 1, "phone": "555", "email": None},
        {"id": 1, "phone": None, "fax": None},
        {"id": 1, "email": "a@x.com"},
    ]
    assert merge_records(recs) == [
        {"id": 1, "phone": "555", "email": "a@x.com", "fax": None}
    ]


def test_inputs_untouched_and_results_new():
    recs = [{"id": 1, "a": 1}, {"id": 1, "a": None, "b": 2}, {"id": 5, "c": 3}]
    before = copy.deepcopy(recs)
    merged = merge_records(recs)
    assert recs == before
    assert all(m is not r for m in merged for r in recs)


def test_custom_id_field():
    recs = [{"key": "x", "id": 1, "v": 1}, {"key": "x", "id": 2, "v": 2},
            {"key": "y", "id": 1}]
    merged = merge_records(recs, id_field="key")
    assert merged == [{"key": "x", "id": 2, "v": 2}, {"key": "y", "id": 1}]


def test_missing_id_names_position():
    with pytest.raises(ValueError) as info:
        merge_records([{"id": 1}, {"id": 2}, {"name": "x"}])
    assert "2" in str(info.value)


def test_field_order_is_first_seen():
    recs = [{"id": 1, "b": 1}, {"a": 2, "id": 1}, {"id": 1, "c": 3, "b": 4}]
    assert list(merge_records(recs)[0]) == ["id", "b", "a", "c"]
