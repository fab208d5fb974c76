import pytest

from semver_bump import bump


def test_unknown_part_raises():
    with pytest.raises(ValueError):
        bump("1.2.3", "build")
