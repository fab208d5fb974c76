import pytest

from semver_bump import bump


def test_rejects_invalid_version():
    for bad in ["1.2", "01.2.3", "1.0.0-01", "1.0.0-"]:
        with pytest.raises(ValueError):
            bump(bad, "patch")
