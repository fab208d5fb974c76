from topicbus import TopicBus, match


def test_matching_lists_patterns():
    bus = TopicBus()
    bus.subscribe("x.*", print)
    assert match("x.*", "x.y")
    assert bus.matching("x.y") == ["x.*"]
