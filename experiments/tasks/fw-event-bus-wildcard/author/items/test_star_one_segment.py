from topicbus import TopicBus


def test_star_one_segment():
    bus = TopicBus()
    bus.subscribe("a.*", lambda t, m: None)
    for topic, expected in [("a.b", 1), ("a.b.c", 0)]:
        assert_delivered_count(bus, topic, expected)
