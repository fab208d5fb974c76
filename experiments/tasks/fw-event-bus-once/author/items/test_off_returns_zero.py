from emitter import Emitter


def test_off_returns_zero():
    em = Emitter()
    assert em.off("t", print) == 0
    em.on("t", print)
    assert em.off("t", print) >= 1
