import pytest

from semver_cmp import compare


def test_rejects_leading_zero_core():
    for bad in ["01.2.3", "1.02.3", "1.2.03"]:
        with pytest.raises(ValueError):
            compare(bad, "1.0.0")
