from semver_cmp import compare


def test_build_metadata_ignored_check():
    assert compare("1.0.0+a", "1.0.0+b") == 0
    assert compare("1.0.0-rc.1+x", "1.0.0-rc.1") == 0
