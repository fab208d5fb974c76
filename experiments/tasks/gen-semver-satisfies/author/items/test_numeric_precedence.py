from semver_range import satisfies


def test_numeric_precedence():
    assert satisfies("1.10.0", ">1.9.0") is True
    assert satisfies("1.9.0", ">=1.10.0") is False
