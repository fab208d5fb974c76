from emitter import Emitter


def test_once_reentrant_emit():
    em = Emitter()
    calls = []

    def handler(p):
        calls.append(p)
        if p == 1:
            em.emit("t", 2)

    em.once("t", handler)
    em.emit("t", 1)
    assert calls == [1]
