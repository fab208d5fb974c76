from semver_bump import bump


def test_appends_zero_identifier():
    assert bump("1.2.4-alpha", "prerelease") == "1.2.4-alpha.0"
