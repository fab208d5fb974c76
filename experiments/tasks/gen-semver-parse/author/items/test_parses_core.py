from semver_parse import Version, parse


def test_parses_core():
    v = parse("1.2.3")
    assert v == Version(1, 2, 3)
    assert (v.major, v.minor, v.patch) == (1, 2, 3)
