from iniconf import parse_ini


def test_crlf_values():
    assert parse_ini("[a]\r\nx = 1\r\n") == {"a": {"x": "1"}}
