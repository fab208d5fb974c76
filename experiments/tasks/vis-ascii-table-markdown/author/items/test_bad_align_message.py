import pytest

from mdtable import to_markdown


def test_bad_align_message():
    with pytest.raises(ValueError, match="one of left/right/center per column"):
        to_markdown(["a"], [], align=["middle"])
