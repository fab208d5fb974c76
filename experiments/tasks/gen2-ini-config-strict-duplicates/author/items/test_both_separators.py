from strictini import parse_strict


def test_both_separators():
    text = "[srv]\nhost = a.example\nport: 80\n"
    assert parse_strict(text) == {"srv": {"host": "a.example", "port": "80"}}
