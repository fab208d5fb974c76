from semver_parse import parse


def test_numeric_prerelease_int():
    assert parse("1.0.0-alpha.1").prerelease == ("alpha", 1)
