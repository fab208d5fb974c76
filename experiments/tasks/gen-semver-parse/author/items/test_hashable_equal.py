from semver_parse import Version, parse


def test_hashable_equal():
    assert len({parse("1.2.3-rc.1"), Version(1, 2, 3, ("rc", 1))}) == 1
