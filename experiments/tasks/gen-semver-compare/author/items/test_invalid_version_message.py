import pytest

from semver_cmp import compare


def test_invalid_version_message():
    with pytest.raises(ValueError, match=r"invalid version '1\.2'"):
        compare("1.2", "1.0.0")
