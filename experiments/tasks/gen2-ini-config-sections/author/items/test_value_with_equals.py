from iniconf import parse_ini


def test_value_with_equals():
    assert parse_ini("[a]\nq = x=1&y=2\n") == {"a": {"q": "x=1&y=2"}}
