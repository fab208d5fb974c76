from semver_cmp import compare


def test_prerelease_with_helper():
    assert compare("1.0.0-alpha", "1.0.0") == -1
