from pubsub import Bus


def test_cancel_returns_none():
    sub = Bus().subscribe("t", print)
    assert sub.cancel() is None
