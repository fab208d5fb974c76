import pytest

from pubsub import Bus, Subscription


def test_subscribe_returns_handle_and_publish_returns_results():
    bus = Bus()

    def double(m):
        return m * 2

    sub = bus.subscribe("t", double)
    bus.subscribe("t", lambda m: None)
    bus.subscribe("u", lambda m: "other")
    assert isinstance(sub, Subscription)
    assert (sub.topic, sub.handler, sub.active) == ("t", double, True)
    assert bus.publish("t", 4) == [8, None]


def test_cancel():
    bus = Bus()
    seen = []
    sub = bus.subscribe("t", seen.append)
    bus.subscribe("t", lambda m: "kept")
    sub.cancel()
    assert sub.active is False
    assert bus.publish("t", 1) == ["kept"]
    sub.cancel()
    assert sub.active is False
    assert bus.publish("t", 2) == ["kept"]
    assert seen == []


def test_cancel_during_publish_skips_pending_subscription():
    bus = Bus()
    log = []
    holder = {}

    def first(m):
        log.append("first")
        holder["victim"].cancel()
        return "first"

    bus.subscribe("t", first)
    holder["victim"] = bus.subscribe("t", lambda m: log.append("victim"))
    assert bus.publish("t", 0) == ["first"]
    assert log == ["first"]


def test_subscribe_during_publish_waits():
    bus = Bus()
    log = []

    def adder(m):
        bus.subscribe("t", lambda m: log.append(("late", m)))

    bus.subscribe("t", adder)
    bus.publish("t", 1)
    assert log == []
    bus.publish("t", 2)
    assert log == [("late", 2)]


def test_context_manager_scopes_subscription():
    bus = Bus()
    seen = []
    with bus.subscribed("t", seen.append) as sub:
        assert isinstance(sub, Subscription)
        assert sub.active
        bus.publish("t", 1)
    assert sub.active is False
    bus.publish("t", 2)
    assert seen == [1]


def test_context_manager_cancels_when_block_raises():
    bus = Bus()
    seen = []
    err = LookupError("inside")
    with pytest.raises(LookupError) as info:
        with bus.subscribed("t", seen.append) as sub:
            bus.publish("t", 1)
            raise err
    assert info.value is err
    assert sub.active is False
    assert bus.subscription_count("t") == 0
    bus.publish("t", 2)
    assert seen == [1]


def test_subscription_count():
    bus = Bus()
    a = bus.subscribe("t", print)
    bus.subscribe("t", print)
    bus.subscribe("u", print)
    assert bus.subscription_count("t") == 2
    a.cancel()
    assert bus.subscription_count("t") == 1
    assert bus.subscription_count("none") == 0


def test_dead_letter():
    bus = Bus()
    assert bus.publish("nobody", 1) == []
    dead = []
    bus.set_dead_letter(lambda topic, msg: dead.append((topic, msg)))
    assert bus.publish("nobody", 2) == []
    sub = bus.subscribe("t", lambda m: "ok")
    assert bus.publish("t", 3) == ["ok"]
    sub.cancel()
    assert bus.publish("t", 4) == []
    assert dead == [("nobody", 2), ("t", 4)]


def test_clear():
    bus = Bus()
    a = bus.subscribe("t", print)
    b = bus.subscribe("t", print)
    c = bus.subscribe("u", print)
    bus.clear("t")
    assert (a.active, b.active, c.active) == (False, False, True)
    assert bus.subscription_count("t") == 0
    bus.clear()
    assert c.active is False
    assert bus.publish("u", 1) == []
