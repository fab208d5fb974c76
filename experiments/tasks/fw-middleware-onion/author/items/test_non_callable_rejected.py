import pytest

from pipeline import MiddlewareError, Pipeline


def test_non_callable_rejected():
    with pytest.raises((TypeError, MiddlewareError)):
        Pipeline(print).use(42)
