import pytest

from plugins import Registry


def test_duplicate_name_rejected():
    reg = Registry()
    reg.register("a", lambda ctx: 1)
    with pytest.raises(ValueError):
        reg.register("a", lambda ctx: 2)
    reg.start()
    assert reg.get("a") == 1
