import pytest

from semver_parse import Version, parse


def test_parse_core():
    v = parse("1.2.3")
    assert v == Version(1, 2, 3)
    assert (v.major, v.minor, v.patch, v.prerelease, v.build) == (1, 2, 3, (), ())
    assert parse("0.10.200") == Version(0, 10, 200, (), ())


def test_prerelease_identifiers():
    assert parse("1.0.0-alpha.1").prerelease == ("alpha", 1)
    assert parse("1.0.0-x-y.7").prerelease == ("x-y", 7)
    assert parse("1.0.0-0.3.7").prerelease == (0, 3, 7)
    assert parse("1.0.0-0a.-").prerelease == ("0a", "-")
    assert parse("1.0.0-rc.1") == Version(1, 0, 0, ("rc", 1))


def test_build_identifiers_stay_text():
    assert parse("1.0.0+build.007").build == ("build", "007")
    assert parse("1.0.0-beta+exp.sha.5114f85").build == ("exp", "sha", "5114f85")
    assert parse("1.0.0+21").build == ("21",)


@pytest.mark.parametrize("text", [
    "1.2.3", "0.0.0", "1.0.0-alpha.1", "1.0.0-x-y.7", "1.0.0+build.007",
    "1.0.0-beta+exp.sha.5114f85", "10.20.30-rc.1+001",
])
def test_str_round_trip(text):
    assert str(parse(text)) == text


def test_str_of_constructed_version():
    assert str(Version(1, 2, 3, ("rc", 1))) == "1.2.3-rc.1"
    assert str(Version(1, 2, 3, (), ("b", "01"))) == "1.2.3+b.01"


@pytest.mark.parametrize("text", [
    "1.2", "1.2.3.4", "01.2.3", "1.02.3", "1.2.03", "1.0.0-01", "1.0.0-", "1.0.0-a..b",
    "1.0.0+", "1.0.0+a..b", "1.0.0-al!pha", "v1.2.3", " 1.2.3", "1.2.3\n", "", "a.b.c",
])
def test_invalid_text_raises(text):
    with pytest.raises(ValueError):
        parse(text)


def test_immutable():
    v = parse("1.2.3")
    with pytest.raises(AttributeError):
        v.major = 2
    with pytest.raises(AttributeError):
        v.prerelease = ("x",)
    assert v == Version(1, 2, 3)


def test_hashable_and_equality():
    a, b = parse("1.2.3-rc.1+x"), Version(1, 2, 3, ("rc", 1), ("x",))
    assert a == b and hash(a) == hash(b)
    assert len({a, b, parse("1.2.3-rc.1")}) == 2
    assert parse("1.2.3") != parse("1.2.3+x")
    assert parse("1.0.0-1") != parse("1.0.0-2")
