from semver_range import satisfies


def test_caret_zero_major():
    assert satisfies("0.2.9", "^0.2.3") is True
    assert satisfies("0.3.0", "^0.2.3") is False
