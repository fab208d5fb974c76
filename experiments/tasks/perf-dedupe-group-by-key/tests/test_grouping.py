import pytest

from grouping import group_by

ORDERS = [
    {"customer": "zed", "total": 5},
    {"customer": "amy", "total": 7},
    {"customer": "zed", "total": 1},
    {"customer": "bob", "total": 2},
    {"customer": "amy", "total": 3},
]


def test_groups_in_first_occurrence_order():
    groups = group_by(ORDERS, lambda o: o["customer"])
    assert list(groups) == ["zed", "amy", "bob"]
    assert groups["zed"] == [ORDERS[0], ORDERS[2]]
    assert groups["amy"] == [ORDERS[1], ORDERS[4]]


def test_key_by_item_lookup():
    assert group_by(ORDERS, "customer")["bob"] == [ORDERS[3]]
    pairs = [("a", 1), ("b", 2), ("a", 3)]
    assert group_by(pairs, 0) == {"a": [("a", 1), ("a", 3)], "b": [("b", 2)]}
    assert group_by(pairs, 1)[3] == [("a", 3)]


def test_value_projection():
    groups = group_by(ORDERS, "customer", value=lambda o: o["total"])
    assert groups == {"zed": [5, 1], "amy": [7, 3], "bob": [2]}


def test_generator_consumed_once_and_calls_counted():
    calls = {"key": 0, "value": 0}

    def key(o):
        calls["key"] += 1
        return o["customer"]

    def value(o):
        calls["value"] += 1
        return o["total"]

    groups = group_by((o for o in ORDERS), key, value=value)
    assert groups == {"zed": [5, 1], "amy": [7, 3], "bob": [2]}
    assert calls == {"key": 5, "value": 5}


def test_case_insensitive_uses_first_spelling():
    names = ["Acme", "globex", "ACME", "Globex", "acme"]
    groups = group_by(names, lambda s: s, case_insensitive=True)
    assert groups == {"Acme": ["Acme", "ACME", "acme"], "globex": ["globex", "Globex"]}


def test_case_insensitive_leaves_other_keys_alone():
    rows = [(1, "x"), ("Straße", "y"), (1, "z"), ("STRASSE", "w")]
    groups = group_by(rows, 0, value=lambda r: r[1], case_insensitive=True)
    assert groups == {1: ["x", "z"], "Straße": ["y", "w"]}


def test_case_sensitive_by_default():
    assert list(group_by(["a", "A"], lambda s: s)) == ["a", "A"]


def test_min_size_filters_small_groups():
    groups = group_by(ORDERS, "customer", min_size=2)
    assert list(groups) == ["zed", "amy"]
    assert group_by(ORDERS, "customer", min_size=3) == {}
