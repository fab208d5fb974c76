from semver_range import satisfies


def test_inside_range():
    assert satisfies("1.4.0", ">=1.2.0 <2.0.0")
