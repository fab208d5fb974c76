from semver_cmp import compare


def test_major_sign_only():
    assert compare("2.0.0", "1.0.0") > 0
