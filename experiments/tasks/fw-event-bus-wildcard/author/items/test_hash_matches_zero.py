from topicbus import TopicBus


def test_hash_matches_zero():
    bus = TopicBus()
    bus.subscribe("a.#.z", lambda t, m: None)
    assert bus.publish("a.z", None) == 1
