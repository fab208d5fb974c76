from semver_parse import VersionInfo, parse


def test_version_info_import():
    assert isinstance(parse("1.2.3"), VersionInfo)
