import pytest

from eventbus import EventBus


def test_non_callable_rejected():
    with pytest.raises(TypeError):
        EventBus().subscribe("t", 42)
