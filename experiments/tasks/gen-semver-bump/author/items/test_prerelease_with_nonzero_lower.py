from semver_bump import bump


def test_prerelease_with_nonzero_lower():
    assert bump("1.2.3-rc.1", "minor") == "1.3.0"
    assert bump("1.2.0-rc", "major") == "2.0.0"
