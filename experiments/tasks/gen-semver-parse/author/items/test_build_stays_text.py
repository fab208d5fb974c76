from semver_parse import parse


def test_build_stays_text():
    assert parse("1.0.0+build.007").build == ("build", "007")
