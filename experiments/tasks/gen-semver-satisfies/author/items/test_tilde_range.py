from semver_range import satisfies


def test_tilde_range():
    assert satisfies("1.2.9", "~1.2.3") is True
    assert satisfies("1.3.0", "~1.2.3") is False
