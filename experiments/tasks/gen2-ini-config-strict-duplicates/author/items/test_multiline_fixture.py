from strictini import parse_strict


def test_multiline_fixture(multiline_config):
    assert parse_strict(multiline_config)["m"]["motd"] == "Hello\nWorld"
