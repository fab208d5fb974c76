from interp import resolve


def test_cross_section_reference():
    config = {"db": {"host": "h1"}, "app": {"dsn": "pg://${db:host}/x"}}
    assert resolve(config)["app"]["dsn"] == "pg://h1/x"
