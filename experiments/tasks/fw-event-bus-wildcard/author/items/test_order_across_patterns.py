from topicbus import TopicBus


def test_order_across_patterns():
    bus = TopicBus()
    seen = []
    bus.subscribe("a.*", lambda t, m: seen.append(1))
    bus.subscribe("a.b", lambda t, m: seen.append(2))
    bus.subscribe("a.*", lambda t, m: seen.append(3))
    bus.publish("a.b", None)
    assert seen == [1, 2, 3]
