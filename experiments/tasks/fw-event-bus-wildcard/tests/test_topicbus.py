import pytest

from topicbus import TopicBus


def collector(log, name):
    return lambda topic, message: log.append((name, topic, message))


def matches(pattern, topic):
    bus = TopicBus()
    bus.subscribe(pattern, lambda t, m: None)
    return bus.matching(topic) == [pattern]


def test_publish_calls_matching_handlers_in_order():
    bus = TopicBus()
    log = []
    bus.subscribe("user.created", collector(log, "a"))
    bus.subscribe("user.deleted", collector(log, "b"))
    bus.subscribe("user.created", collector(log, "c"))
    assert bus.publish("user.created", {"id": 1}) == 2
    assert log == [("a", "user.created", {"id": 1}), ("c", "user.created", {"id": 1})]
    assert bus.publish("order.created", None) == 0


def test_order_is_subscription_order_across_patterns():
    bus = TopicBus()
    log = []
    bus.subscribe("a.*", collector(log, 1))
    bus.subscribe("a.b", collector(log, 2))
    bus.subscribe("a.*", collector(log, 3))
    bus.subscribe("#", collector(log, 4))
    bus.publish("a.b", "m")
    assert [name for name, _, _ in log] == [1, 2, 3, 4]


@pytest.mark.parametrize("pattern,topic,expected", [
    ("a.b", "a.b", True),
    ("a.b", "a.c", False),
    ("a.b", "a.b.c", False),
    ("a.*", "a.b", True),
    ("a.*", "a", False),
    ("a.*", "a.b.c", False),
    ("*.b.*", "x.b.y", True),
    ("*.b.*", "x.b", False),
    ("*", "solo", True),
    ("*", "two.segs", False),
])
def test_literal_and_star(pattern, topic, expected):
    assert matches(pattern, topic) is expected


@pytest.mark.parametrize("pattern,topic,expected", [
    ("#", "a", True),
    ("#", "a.b.c", True),
    ("a.#", "a", True),
    ("a.#", "a.b.c", True),
    ("a.#", "b.a", False),
    ("a.#.z", "a.z", True),
    ("a.#.z", "a.b.z", True),
    ("a.#.z", "a.b.c.z", True),
    ("a.#.z", "a.b.c", False),
    ("#.z", "z", True),
    ("#.*", "a", True),
    ("#.*.#", "a.b", True),
    ("*.#", "a", True),
    ("a.#.b.#.c", "a.x.b.c", True),
    ("a.#.b.#.c", "a.c.b", False),
])
def test_hash(pattern, topic, expected):
    assert matches(pattern, topic) is expected


@pytest.mark.parametrize("bad", ["", ".a", "a.", "a..b", "."])
def test_empty_segments_rejected(bad):
    bus = TopicBus()
    with pytest.raises(ValueError):
        bus.subscribe(bad, lambda t, m: None)
    with pytest.raises(ValueError):
        bus.publish(bad, 1)
    with pytest.raises(ValueError):
        bus.matching(bad)
    assert bus.matching("a") == []


@pytest.mark.parametrize("bad", ["a.*", "#", "a.#.b", "*"])
def test_wildcard_topics_rejected(bad):
    bus = TopicBus()
    log = []
    bus.subscribe("#", collector(log, "all"))
    with pytest.raises(ValueError):
        bus.publish(bad, 1)
    with pytest.raises(ValueError):
        bus.matching(bad)
    assert log == []


def test_unsubscribe_removes_earliest_only():
    bus = TopicBus()
    log = []
    h = collector(log, "h")
    bus.subscribe("a.*", h)
    bus.subscribe("a.b", h)
    bus.subscribe("a.*", h)
    assert bus.unsubscribe("a.*", h) is True
    assert bus.matching("a.b") == ["a.b", "a.*"]
    assert bus.unsubscribe("a.*", h) is True
    assert bus.unsubscribe("a.*", h) is False
    assert bus.unsubscribe("x", h) is False
    assert bus.publish("a.b", 0) == 1


def test_handler_called_once_per_matching_subscription():
    bus = TopicBus()
    log = []
    h = collector(log, "h")
    bus.subscribe("a.*", h)
    bus.subscribe("#", h)
    bus.subscribe("a.b", h)
    bus.subscribe("z.*", h)
    assert bus.publish("a.b", "m") == 3
    assert len(log) == 3


def test_matching_does_not_call_handlers():
    bus = TopicBus()
    log = []
    bus.subscribe("x.#", collector(log, 1))
    bus.subscribe("*.y", collector(log, 2))
    bus.subscribe("q", collector(log, 3))
    bus.subscribe("x.#", collector(log, 4))
    assert bus.matching("x.y") == ["x.#", "*.y", "x.#"]
    assert log == []
