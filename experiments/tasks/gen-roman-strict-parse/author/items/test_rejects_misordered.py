import pytest

from roman import from_roman


def test_rejects_misordered():
    for text in ["IIX", "XCX"]:
        with pytest.raises(ValueError):
            from_roman(text)
