from semver_range import satisfies


def test_build_metadata_ignored():
    assert satisfies("1.2.0+b5", "=1.2.0") is True
    assert satisfies("1.2.0+zzz", "<=1.2.0+aaa") is True
