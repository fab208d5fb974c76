from semver_bump import bump


def test_major_resets_lower():
    assert bump("1.2.3", "major") == "2.0.0"
