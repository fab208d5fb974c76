from iniconf import parse_ini


def test_default_section():
    assert parse_ini("debug = yes\n") == {"": {"debug": "yes"}}
