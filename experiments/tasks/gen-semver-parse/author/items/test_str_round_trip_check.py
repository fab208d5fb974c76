from semver_parse import parse


def test_str_round_trip_check():
    for text in ["1.2.3", "1.0.0-rc.1", "1.0.0+build.007", "1.0.0-beta+exp.sha.5114f85"]:
        assert str(parse(text)) == text
