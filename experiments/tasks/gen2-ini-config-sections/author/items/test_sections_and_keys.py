from iniconf import parse_ini


def test_sections_and_keys():
    text = "[db]\nhost = localhost\nport = 5432\n"
    assert parse_ini(text) == {"db": {"host": "localhost", "port": "5432"}}
