from topicbus import TopicBus


def test_hash_in_middle():
    bus = TopicBus()
    bus.subscribe("a.#.z", lambda t, m: None)
    assert bus.matching("a.b.c.z") == ["a.#.z"]
    assert bus.matching("a.b.c") == []
