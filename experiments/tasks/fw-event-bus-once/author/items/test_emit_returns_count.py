from emitter import Emitter


def test_emit_returns_count():
    em = Emitter()
    em.on("t", lambda p: None)
    em.on("t", lambda p: None)
    assert em.emit("t", 3) == 2
    assert em.emit("u") == 0
