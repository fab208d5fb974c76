from semver_range import satisfies


def test_caret_with_helper():
    assert satisfies("1.9.9", caret("1.2.3")) is True
    assert satisfies("2.0.0", caret("1.2.3")) is False
