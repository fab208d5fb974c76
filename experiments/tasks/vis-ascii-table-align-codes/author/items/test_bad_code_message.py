import pytest

from columns import layout


def test_bad_code_message():
    with pytest.raises(ValueError, match="unknown alignment code 'x'"):
        layout([["a"]], "x")
