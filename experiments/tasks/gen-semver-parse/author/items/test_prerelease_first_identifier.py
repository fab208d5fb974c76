from semver_parse import parse


def test_prerelease_first_identifier():
    assert parse("1.0.0-alpha.1").prerelease[0] == "alpha"
