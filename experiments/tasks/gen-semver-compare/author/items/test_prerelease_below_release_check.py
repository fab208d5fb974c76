from semver_cmp import compare


def test_prerelease_below_release_check():
    assert compare("1.0.0-alpha", "1.0.0") == -1
    assert compare("1.0.0", "1.0.0-rc.1") == 1
