from eventbus import EventBus


def test_emit_no_handlers():
    assert EventBus().emit("nobody") == []
