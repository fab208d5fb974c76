from strictini import parse_strict


def test_same_key_other_section():
    text = "[web]\nport = 80\n[db]\nport = 5432\n"
    assert parse_strict(text) == {"web": {"port": "80"}, "db": {"port": "5432"}}
