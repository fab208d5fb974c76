import pytest

from pipeline import Pipeline


def test_non_callable_rejected():
    with pytest.raises(TypeError):
        Pipeline(print).use(42)
