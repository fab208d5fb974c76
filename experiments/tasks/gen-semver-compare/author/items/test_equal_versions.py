from semver_cmp import compare


def test_equal_versions():
    assert compare("1.2.3", "1.2.3") == 0
