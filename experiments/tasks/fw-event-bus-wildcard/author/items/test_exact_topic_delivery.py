from topicbus import TopicBus


def test_exact_topic_delivery():
    bus = TopicBus()
    seen = []
    bus.subscribe("a.b", lambda t, m: seen.append((t, m)))
    bus.publish("a.b", 1)
    bus.publish("a.c", 2)
    assert seen == [("a.b", 1)]
