import pytest

from pubsub import Bus


def test_context_cancels_on_error():
    bus = Bus()
    seen = []
    with pytest.raises(RuntimeError):
        with bus.subscribed("t", seen.append):
            raise RuntimeError("stop")
    bus.publish("t", 1)
    assert seen == []
