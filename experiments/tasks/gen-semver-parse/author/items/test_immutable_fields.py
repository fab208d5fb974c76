import pytest

from semver_parse import parse


def test_immutable_fields():
    v = parse("1.2.3")
    with pytest.raises(AttributeError):
        v.major = 2
