import pytest


def test_remove_unknown(pipeline):
    with pytest.raises(ValueError):
        pipeline.remove(object())
