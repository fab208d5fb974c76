import pytest

from semver_bump import bump


@pytest.mark.parametrize("version, part, expected", [
    ("1.2.3", "major", "2.0.0"), ("1.2.3", "minor", "1.3.0"), ("1.2.3", "patch", "1.2.4"),
    ("0.0.0", "patch", "0.0.1"), ("0.9.9", "minor", "0.10.0"), ("9.9.9", "major", "10.0.0"),
])
def test_plain_bumps(version, part, expected):
    assert bump(version, part) == expected


@pytest.mark.parametrize("version, part, expected", [
    ("1.2.3-rc.1+b7", "major", "2.0.0"), ("1.2.3+b7", "minor", "1.3.0"),
    ("1.2.3+b7", "patch", "1.2.4"), ("1.2.3-rc.1+b7", "minor", "1.3.0"),
])
def test_build_and_prerelease_dropped(version, part, expected):
    assert bump(version, part) == expected


@pytest.mark.parametrize("version, part, expected", [
    ("1.2.3-rc.1", "patch", "1.2.3"), ("1.3.0-beta", "minor", "1.3.0"),
    ("2.0.0-alpha", "major", "2.0.0"), ("1.2.3-rc.1", "minor", "1.3.0"),
    ("1.2.0-rc", "major", "2.0.0"), ("1.0.1-rc", "major", "2.0.0"),
    ("1.2.0-rc+b", "minor", "1.2.0"),
])
def test_prerelease_is_released(version, part, expected):
    assert bump(version, part) == expected


@pytest.mark.parametrize("bad", [
    "1.2", "1.2.3.4", "01.2.3", "1.02.3", "1.0.0-01", "1.0.0-", "1.0.0+", "v1.2.3", "1.0.0-a..b",
    "1.2.3 ",
])
def test_invalid_version_raises(bad):
    with pytest.raises(ValueError):
        bump(bad, "patch")


@pytest.mark.parametrize("version, expected", [
    ("1.2.3", "1.2.4-0"), ("1.2.3+b", "1.2.4-0"), ("1.2.4-alpha.0", "1.2.4-alpha.1"),
    ("1.0.0-rc.1.9", "1.0.0-rc.1.10"), ("1.2.4-alpha", "1.2.4-alpha.0"),
    ("1.2.4-0", "1.2.4-1"), ("1.2.4-x.7z", "1.2.4-x.7z.0"), ("1.2.4-beta.2+b9", "1.2.4-beta.3"),
])
def test_prerelease_bumps(version, expected):
    assert bump(version, "prerelease") == expected


@pytest.mark.parametrize("part", ["build", "Major", "", "pre"])
def test_unknown_part_raises_with_choices(part):
    with pytest.raises(ValueError) as info:
        bump("1.2.3", part)
    message = str(info.value)
    for name in ("major", "minor", "patch", "prerelease"):
        assert name in message
