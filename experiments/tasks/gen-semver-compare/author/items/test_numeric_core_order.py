from semver_cmp import compare


def test_numeric_core_order():
    assert compare("1.10.0", "1.9.0") == 1
    assert compare("2.0.0", "10.0.0") == -1
