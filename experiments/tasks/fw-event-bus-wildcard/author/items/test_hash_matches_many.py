from topicbus import TopicBus


def test_hash_matches_many():
    bus = TopicBus()
    bus.subscribe("a.#", lambda t, m: None)
    assert bus.publish("a.b.c.d", None) == 1
