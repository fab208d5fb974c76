import pytest

from pubsub import Bus


def test_context_cancels_on_error_draft():
    bus = Bus()
    with pytest.raises(ValueError):
        with bus.subscribed("t", print) as sub:
            raise ValueError("boom")
    assert sub.active is False
