from semver_bump import bump


def test_prerelease_from_release_helper():
    assert bump(release("1.2.3"), "prerelease") == "1.2.4-0"
