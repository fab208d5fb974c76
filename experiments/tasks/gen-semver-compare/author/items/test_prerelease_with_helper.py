from semver_cmp import compare


def test_prerelease_with_helper():
    assert compare(v("1.0.0-alpha"), v("1.0.0")) == -1
