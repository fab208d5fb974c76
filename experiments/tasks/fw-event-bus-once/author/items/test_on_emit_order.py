from emitter import Emitter


def test_on_emit_order():
    em = Emitter()
    seen = []
    em.on("t", lambda p: seen.append("a"))
    em.on("t", lambda p: seen.append("b"))
    em.emit("t")
    assert seen == ["a", "b"]
