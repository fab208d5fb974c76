import pytest

from safebus import SafeBus


def test_keyboard_interrupt_propagates():
    bus = SafeBus()

    def stop(p):
        raise KeyboardInterrupt

    bus.subscribe("e", stop)
    with pytest.raises(KeyboardInterrupt):
        bus.emit("e")
