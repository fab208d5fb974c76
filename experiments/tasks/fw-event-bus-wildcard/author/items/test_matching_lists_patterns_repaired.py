from topicbus import TopicBus


def test_matching_lists_patterns():
    bus = TopicBus()
    bus.subscribe("x.*", print)
    bus.subscribe("y", print)
    assert bus.matching("x.y") == ["x.*"]
