from strictini import parse_strict


def test_continuation_joined():
    text = "[m]\nmotd = Hello\n    World\n"
    assert parse_strict(text) == {"m": {"motd": "Hello\nWorld"}}
