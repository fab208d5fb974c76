import pytest

from emitter import Emitter


def test_raise_stops_emit():
    em = Emitter()
    seen = []

    def boom(p):
        raise KeyError(p)

    em.on("t", boom)
    em.on("t", seen.append)
    with pytest.raises(KeyError):
        em.emit("t", 1)
    assert seen == []
