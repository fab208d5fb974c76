from spans import merge_half_open


def test_only_empty_interval():
    assert merge_half_open([[4, 4]]) == []
