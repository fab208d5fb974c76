import pytest

from semver_cmp import compare


def test_non_str_type_error():
    with pytest.raises(TypeError):
        compare(1, "1.0.0")
