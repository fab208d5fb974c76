import pytest

from semver_range import satisfies


def test_invalid_spec_raises():
    for version, spec in [("1.2.3", ""), ("1.2.3", "=>1.0.0"), ("1.2", ">=1.0.0")]:
        with pytest.raises(ValueError):
            satisfies(version, spec)
