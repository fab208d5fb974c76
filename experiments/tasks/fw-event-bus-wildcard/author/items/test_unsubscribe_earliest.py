from topicbus import TopicBus


def test_unsubscribe_earliest():
    bus = TopicBus()
    seen = []

    def h(t, m):
        seen.append(m)

    bus.subscribe("a", h)
    bus.subscribe("a", h)
    assert bus.unsubscribe("a", h) is True
    bus.publish("a", 1)
    assert seen == [1]
