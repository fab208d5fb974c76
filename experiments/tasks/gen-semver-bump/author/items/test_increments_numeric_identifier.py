from semver_bump import bump


def test_increments_numeric_identifier():
    assert bump("1.2.4-alpha.0", "prerelease") == "1.2.4-alpha.1"
    assert bump("1.0.0-rc.1.9", "prerelease") == "1.0.0-rc.1.10"
