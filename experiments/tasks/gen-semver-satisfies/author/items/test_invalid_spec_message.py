import pytest

from semver_range import satisfies


def test_invalid_spec_message():
    with pytest.raises(ValueError, match="invalid version '>1.0.0'"):
        satisfies("1.2.3", "=>1.0.0")
