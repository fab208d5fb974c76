from emitter import Emitter


def test_added_during_emit_waits():
    em = Emitter()
    seen = []

    def adder(p):
        em.on("t", lambda q: seen.append(("late", q)))

    em.once("t", adder)
    em.emit("t", 1)
    assert seen == []
    em.emit("t", 2)
    assert seen == [("late", 2)]
