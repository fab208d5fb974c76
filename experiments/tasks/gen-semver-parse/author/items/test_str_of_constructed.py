from semver_parse import Version


def test_str_of_constructed():
    assert str(Version(1, 2, 3, ("rc", 1))) == "1.2.3-rc.1"
