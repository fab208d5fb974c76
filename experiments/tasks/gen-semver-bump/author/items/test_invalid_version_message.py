import pytest

from semver_bump import bump


def test_invalid_version_message():
    with pytest.raises(ValueError, match=r"^invalid version '1\.2'$"):
        bump("1.2", "patch")
