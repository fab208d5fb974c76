from emitter import Emitter


def test_removed_during_emit_skipped():
    em = Emitter()
    seen = []

    def victim(p):
        seen.append("victim")

    em.on("t", lambda p: em.off("t", victim))
    em.on("t", victim)
    assert em.emit("t") == 1
    assert seen == []
