import pytest

from emitter import Emitter


def test_raising_once_consumed():
    em = Emitter()

    def boom(p):
        raise ValueError(p)

    em.once("t", boom)
    with pytest.raises(ValueError):
        em.emit("t", 1)
    assert em.emit("t", 2) == 0
