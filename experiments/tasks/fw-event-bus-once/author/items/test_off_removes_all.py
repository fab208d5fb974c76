from emitter import Emitter


def test_off_removes_all():
    em = Emitter()
    seen = []
    em.on("t", seen.append)
    em.once("t", seen.append)
    assert em.off("t", seen.append) == 2
    em.emit("t", 1)
    assert seen == []
