from eventbus import EventBus


def test_topics_sorted():
    bus = EventBus()
    offs = subscribe_all(bus, ["b", "a", "c"])
    offs["c"]()
    assert bus.topics() == ["a", "b"]
