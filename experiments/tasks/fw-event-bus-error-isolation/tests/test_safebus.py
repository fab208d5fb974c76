import pytest

from safebus import DispatchError, SafeBus


def failing(exc):
    def handler(payload):
        raise exc

    return handler


def test_emit_calls_handlers_in_order():
    bus = SafeBus()
    seen = []
    bus.subscribe("e", lambda p: seen.append(("a", p)))
    bus.subscribe("e", lambda p: seen.append(("b", p)))
    result = bus.emit("e", 5)
    assert seen == [("a", 5), ("b", 5)]
    assert result.delivered == 2
    assert result.errors == []
    empty = bus.emit("none")
    assert empty.delivered == 0 and list(empty.errors) == []


def test_failures_are_isolated_and_recorded():
    bus = SafeBus()
    seen = []
    e1, e2 = ValueError("one"), KeyError("two")
    h1, h2 = failing(e1), failing(e2)
    bus.subscribe("e", h1)
    bus.subscribe("e", seen.append)
    bus.subscribe("e", h2)
    bus.subscribe("e", seen.append)
    result = bus.emit("e", "p")
    assert seen == ["p", "p"]
    assert result.delivered == 2
    assert result.errors == [(h1, e1), (h2, e2)]


def test_error_callbacks_run_before_next_handler():
    bus = SafeBus()
    log = []
    boom = ValueError("x")
    h = failing(boom)
    bus.subscribe("e", h)
    bus.subscribe("e", lambda p: log.append("next handler"))
    bus.on_error(lambda ev, handler, exc: log.append(("cb1", ev, handler, exc)))
    bus.on_error(lambda ev, handler, exc: log.append(("cb2", ev)))
    bus.emit("e")
    assert log == [("cb1", "e", h, boom), ("cb2", "e"), "next handler"]


def test_callback_errors_are_swallowed():
    bus = SafeBus()
    log = []
    bus.subscribe("e", failing(ValueError("x")))
    bus.subscribe("e", lambda p: log.append("ran"))

    def bad_callback(ev, handler, exc):
        raise RuntimeError("callback broke")

    bus.on_error(bad_callback)
    bus.on_error(lambda ev, handler, exc: log.append("cb2"))
    result = bus.emit("e")
    assert log == ["cb2", "ran"]
    assert len(result.errors) == 1
    assert result.delivered == 1


@pytest.mark.parametrize("exc_type", [KeyboardInterrupt, SystemExit, GeneratorExit])
def test_base_exceptions_propagate(exc_type):
    bus = SafeBus()
    log = []
    bus.subscribe("e", failing(exc_type()))
    bus.subscribe("e", lambda p: log.append("later"))
    bus.on_error(lambda ev, handler, exc: log.append("callback"))
    with pytest.raises(exc_type):
        bus.emit("e")
    assert log == []


def test_strict_raises_after_all_handlers():
    bus = SafeBus(strict=True)
    log = []
    e1 = ValueError("a")
    h1 = failing(e1)
    bus.subscribe("e", h1)
    bus.subscribe("e", lambda p: log.append("after"))
    bus.on_error(lambda ev, handler, exc: log.append("callback"))
    with pytest.raises(DispatchError) as info:
        bus.emit("e")
    assert log == ["callback", "after"]
    assert info.value.errors == [(h1, e1)]
    assert isinstance(info.value, Exception)
    ok = SafeBus(strict=True)
    ok.subscribe("e", log.append)
    assert ok.emit("e", 1).delivered == 1


def test_max_failures_unsubscribes_after_consecutive_failures():
    bus = SafeBus(max_failures=2)
    calls = []

    def flaky(payload):
        calls.append(payload)
        if payload != "ok":
            raise ValueError(payload)

    bus.subscribe("e", flaky)
    bus.emit("e", "bad1")
    bus.emit("e", "ok")
    bus.emit("e", "bad2")
    assert bus.emit("e", "bad3").errors[0][0] is flaky
    assert bus.emit("e", "gone").delivered == 0
    assert calls == ["bad1", "ok", "bad2", "bad3"]


def test_without_max_failures_nothing_is_dropped():
    bus = SafeBus()
    h = failing(ValueError("x"))
    bus.subscribe("e", h)
    for _ in range(10):
        assert len(bus.emit("e").errors) == 1
