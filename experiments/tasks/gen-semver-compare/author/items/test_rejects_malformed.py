import pytest

from semver_cmp import compare


def test_rejects_malformed():
    for bad in ["1.2", "1.2.3.4", "a.b.c", "1.2.3-", "1.2.3-al!pha"]:
        with pytest.raises(ValueError):
            compare(bad, "1.0.0")
