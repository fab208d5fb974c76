from strictini import parse_strict


def test_shared_key_helper():
    text = ini(a={"host": "one"}, b={"host": "two"})
    assert parse_strict(text) == {"a": {"host": "one"}, "b": {"host": "two"}}
