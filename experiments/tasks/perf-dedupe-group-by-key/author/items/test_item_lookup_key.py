from grouping import group_by


def test_item_lookup_key():
    rows = [{"team": "red", "n": 1}, {"team": "blue", "n": 2}, {"team": "red", "n": 3}]
    assert list(group_by(rows, "team")) == ["red", "blue"]
