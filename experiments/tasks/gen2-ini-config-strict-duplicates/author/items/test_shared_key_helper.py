from strictini import parse_strict


def test_shared_key_helper():
    text = ini(web={"port": "80"}, db={"port": "5432"})
    assert parse_strict(text) == {"web": {"port": "80"}, "db": {"port": "5432"}}
