from semver_range import satisfies


def test_prerelease_excluded():
    assert satisfies("1.3.0-beta", ">=1.2.0") is False
