from semver_range import satisfies


def test_all_comparators_must_hold():
    assert satisfies("1.4.0", ">=1.2.0 <2.0.0") is True
    assert satisfies("2.1.0", ">=1.2.0 <2.0.0") is False
