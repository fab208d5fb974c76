import pytest

from semver_bump import bump


def test_unknown_part_lists_choices():
    with pytest.raises(ValueError) as info:
        bump("1.2.3", "build")
    for name in ("major", "minor", "patch", "prerelease"):
        assert name in str(info.value)
