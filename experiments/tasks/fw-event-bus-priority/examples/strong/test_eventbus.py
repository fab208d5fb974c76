import pytest

from eventbus import EventBus


def test_emit_calls_handlers_with_arguments():
    bus = EventBus()
    seen = []
    bus.subscribe("greet", lambda name, punct="!": seen.append(name + punct) or len(seen))
    assert bus.emit("greet", "ann", punct="?") == [1]
    assert bus.emit("greet", "bo") == [2]
    assert seen == ["ann?", "bo!"]


def test_emit_without_handlers_returns_empty_list():
    bus = EventBus()
    assert bus.emit("nothing") == []
    bus.subscribe("other", lambda: 1)
    assert bus.emit("nothing", 1, x=2) == []


def test_descending_priority():
    bus = EventBus()
    bus.subscribe("t", lambda: "low", priority=-5)
    bus.subscribe("t", lambda: "high", priority=10)
    bus.subscribe("t", lambda: "mid")
    assert bus.emit("t") == ["high", "mid", "low"]


def test_equal_priority_keeps_subscription_order():
    bus = EventBus()
    for name in ("a", "b", "c"):
        bus.subscribe("t", lambda name=name: name)
    bus.subscribe("t", lambda: "x", priority=1)
    bus.subscribe("t", lambda: "y", priority=1)
    assert bus.emit("t") == ["x", "y", "a", "b", "c"]


def test_unsubscribe_removes_registration_and_is_idempotent():
    bus = EventBus()
    off_a = bus.subscribe("t", lambda: "a")
    bus.subscribe("t", lambda: "b")
    off_a()
    assert bus.emit("t") == ["b"]
    off_a()
    assert bus.emit("t") == ["b"]


def test_duplicate_registrations():
    bus = EventBus()
    calls = []

    def handler():
        calls.append(1)
        return len(calls)

    off_first = bus.subscribe("t", handler)
    bus.subscribe("t", handler)
    assert bus.emit("t") == [1, 2]
    off_first()
    assert bus.emit("t") == [3]


def test_on_decorator():
    bus = EventBus()

    def original(x):
        return x * 2

    decorated = bus.on("double", priority=3)(original)
    assert decorated is original

    @bus.on("double")
    def later(x):
        return x + 1

    assert later(1) == 2
    assert bus.emit("double", 5) == [10, 6]


@pytest.mark.parametrize("bad", [None, 3, "handler"])
def test_non_callable_handler_rejected(bad):
    bus = EventBus()
    with pytest.raises(TypeError):
        bus.subscribe("t", bad)
    assert bus.emit("t") == []
    assert bus.topics() == []


def test_topics():
    bus = EventBus()
    assert bus.topics() == []
    off = bus.subscribe("zeta", lambda: 0)
    bus.subscribe("alpha", lambda: 0)
    bus.subscribe("mid", lambda: 0)
    assert bus.topics() == ["alpha", "mid", "zeta"]
    off()
    assert bus.topics() == ["alpha", "mid"]
