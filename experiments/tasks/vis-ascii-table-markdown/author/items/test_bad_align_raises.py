import pytest

from mdtable import to_markdown


def test_bad_align_raises():
    with pytest.raises(ValueError):
        to_markdown(["a", "b"], [], align=["left"])
