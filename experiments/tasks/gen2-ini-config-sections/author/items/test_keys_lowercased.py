from iniconf import parse_ini


def test_keys_lowercased():
    assert parse_ini("[a]\nName = Bob\n") == {"a": {"name": "Bob"}}
