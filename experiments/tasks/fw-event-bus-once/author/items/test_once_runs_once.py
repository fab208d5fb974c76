from emitter import Emitter


def test_once_runs_once():
    em = Emitter()
    seen = []
    em.once("t", seen.append)
    em.emit("t", 1)
    em.emit("t", 2)
    assert seen == [1]
