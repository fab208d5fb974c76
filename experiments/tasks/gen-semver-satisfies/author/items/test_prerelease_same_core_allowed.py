from semver_range import satisfies


def test_prerelease_same_core_allowed():
    assert satisfies("1.3.0-beta.2", ">=1.3.0-beta.1") is True
    assert satisfies("1.3.1-beta", ">=1.3.0-beta.1") is False
