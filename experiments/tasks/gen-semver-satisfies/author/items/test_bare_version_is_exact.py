from semver_range import satisfies


def test_bare_version_is_exact():
    assert satisfies("1.2.3", "1.2.3") is True
    assert satisfies("1.2.4", "1.2.3") is False
