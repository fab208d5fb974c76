import pytest

from layering import MissingNodeError, layers


def test_missing_successor_raises_check():
    with pytest.raises(MissingNodeError):
        layers({"a": ["b"], "b": ["ghost"]})
