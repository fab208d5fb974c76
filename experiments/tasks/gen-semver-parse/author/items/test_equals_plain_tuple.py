from semver_parse import parse


def test_equals_plain_tuple():
    assert parse("1.2.3") == (1, 2, 3, (), ())
