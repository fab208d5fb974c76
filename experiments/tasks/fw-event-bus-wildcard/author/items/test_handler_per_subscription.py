from topicbus import TopicBus


def test_handler_per_subscription():
    bus = TopicBus()
    seen = []

    def h(t, m):
        seen.append(t)

    bus.subscribe("a.*", h)
    bus.subscribe("#", h)
    assert bus.publish("a.b", None) == 2
    assert seen == ["a.b", "a.b"]
