import pytest

from columns import layout


def test_bad_code_raises():
    with pytest.raises(ValueError):
        layout([["a"]], "x")
