from iniconf import parse_ini


def test_section_names_lowercased():
    assert parse_ini("[Main]\nName = Bob\n") == {"main": {"name": "Bob"}}
