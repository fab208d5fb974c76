from topicbus import TopicBus


def test_star_one_segment():
    bus = TopicBus()
    bus.subscribe("a.*", lambda t, m: None)
    assert bus.publish("a.b", None) == 1
    assert bus.publish("a.b.c", None) == 0
