from semver_bump import bump


def test_releases_prerelease():
    assert bump("1.2.3-rc.1", "patch") == "1.2.3"
    assert bump("2.0.0-alpha", "major") == "2.0.0"
    assert bump("1.3.0-beta", "minor") == "1.3.0"
