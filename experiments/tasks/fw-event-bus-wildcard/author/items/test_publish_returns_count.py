from topicbus import TopicBus


def test_publish_returns_count():
    bus = TopicBus()
    bus.subscribe("a", lambda t, m: None)
    bus.subscribe("a", lambda t, m: None)
    assert bus.publish("a", None) == 2
