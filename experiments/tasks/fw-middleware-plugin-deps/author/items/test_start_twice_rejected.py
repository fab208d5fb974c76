import pytest

from plugins import Registry


def test_start_twice_rejected():
    reg = Registry()
    reg.register("a", lambda ctx: None)
    reg.start()
    with pytest.raises(RuntimeError):
        reg.start()
