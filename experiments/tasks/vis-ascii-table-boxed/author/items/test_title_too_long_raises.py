import pytest

from boxtable import render_box


def test_title_too_long_raises():
    with pytest.raises(ValueError):
        render_box(["a"], [["b"]], title="far too long")
