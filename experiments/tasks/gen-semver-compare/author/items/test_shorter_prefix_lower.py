from semver_cmp import compare


def test_shorter_prefix_lower():
    assert compare("1.0.0-alpha", "1.0.0-alpha.0") == -1
    assert compare("1.0.0-a.b.c", "1.0.0-a.b") == 1
