from semver_bump import bump


def test_drops_build_and_prerelease():
    assert bump("1.2.3-rc.1+b7", "major") == "2.0.0"
    assert bump("1.2.3+b7", "patch") == "1.2.4"
