from semver_parse import parse


def test_hyphen_inside_prerelease():
    assert parse("1.0.0-x-y.7").prerelease == ("x-y", 7)
