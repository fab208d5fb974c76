import pytest

from semver_cmp import compare


def test_leading_zero_prerelease_vs_build():
    with pytest.raises(ValueError):
        compare("1.0.0-01", "1.0.0")
    assert compare("1.0.0+001", "1.0.0") == 0
    assert compare("1.0.0-0", "1.0.0") == -1
