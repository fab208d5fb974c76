from strictini import parse_strict


def test_shared_key_helper():
    text = "[web]\nport = 80\n\n[db]\nport = 5432\n"
    assert parse_strict(text) == {"web": {"port": "80"}, "db": {"port": "5432"}}
