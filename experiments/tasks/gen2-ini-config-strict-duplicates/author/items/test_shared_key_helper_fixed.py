from strictini import parse_strict


def test_shared_key_helper():
    text = "[a]\nhost = one\n[b]\nhost = two\n"
    assert parse_strict(text) == {"a": {"host": "one"}, "b": {"host": "two"}}
