import pytest

from emitter import Emitter


def recorder(log, name):
    return lambda payload: log.append((name, payload))


def test_on_emit_order_and_count():
    em = Emitter()
    log = []
    em.on("t", recorder(log, "a"))
    em.on("t", recorder(log, "b"))
    em.on("other", recorder(log, "x"))
    assert em.emit("t", 1) == 2
    assert em.emit("t") == 2
    assert log == [("a", 1), ("b", 1), ("a", None), ("b", None)]
    assert em.emit("nobody", 5) == 0


def test_once_runs_only_on_next_emit():
    em = Emitter()
    log = []
    em.on("t", recorder(log, "p1"))
    em.once("t", recorder(log, "once"))
    em.on("t", recorder(log, "p2"))
    assert em.emit("t", 1) == 3
    assert em.emit("t", 2) == 2
    assert log == [("p1", 1), ("once", 1), ("p2", 1), ("p1", 2), ("p2", 2)]


def test_off_removes_every_registration():
    em = Emitter()
    log = []
    h = recorder(log, "h")
    em.on("t", h)
    em.once("t", h)
    em.on("t", h)
    em.on("u", h)
    em.on("t", recorder(log, "keep"))
    assert em.off("t", h) == 3
    assert em.off("t", h) == 0
    assert em.off("missing", h) == 0
    em.emit("t", 0)
    assert log == [("keep", 0)]
    assert em.listener_count("u") == 1


def test_handler_added_during_emit_waits_for_next_emit():
    em = Emitter()
    log = []
    late = recorder(log, "late")

    def adder(payload):
        log.append(("adder", payload))
        em.on("t", late)

    em.once("t", adder)
    assert em.emit("t", 1) == 1
    assert log == [("adder", 1)]
    assert em.emit("t", 2) == 1
    assert log == [("adder", 1), ("late", 2)]


def test_handler_removed_during_emit_is_skipped():
    em = Emitter()
    log = []
    victim = recorder(log, "victim")

    def remover(payload):
        log.append(("remover", payload))
        em.off("t", victim)

    em.on("t", remover)
    em.on("t", victim)
    assert em.emit("t", 1) == 1
    assert log == [("remover", 1)]


def test_once_handler_not_called_by_reentrant_emit():
    em = Emitter()
    log = []

    def once_handler(payload):
        log.append(("once", payload))
        if payload == "outer":
            em.emit("t", "inner")

    em.on("t", recorder(log, "p"))
    em.once("t", once_handler)
    em.emit("t", "outer")
    assert log.count(("once", "outer")) == 1
    assert ("once", "inner") not in log
    assert log == [("p", "outer"), ("once", "outer"), ("p", "inner")]
    assert em.listener_count("t") == 1


def test_raising_handler_stops_emit_and_once_is_consumed():
    em = Emitter()
    log = []

    def boom(payload):
        raise RuntimeError("boom")

    em.once("t", boom)
    em.on("t", recorder(log, "after"))
    with pytest.raises(RuntimeError):
        em.emit("t", 1)
    assert log == []
    assert em.listener_count("t") == 1
    assert em.emit("t", 2) == 1
    assert log == [("after", 2)]


def test_listener_count():
    em = Emitter()
    h = recorder([], "h")
    assert em.listener_count("t") == 0
    em.on("t", h)
    em.once("t", h)
    em.once("t", recorder([], "g"))
    assert em.listener_count("t") == 3
    em.emit("t")
    assert em.listener_count("t") == 1
