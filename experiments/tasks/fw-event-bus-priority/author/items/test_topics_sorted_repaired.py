from eventbus import EventBus


def test_topics_sorted():
    bus = EventBus()
    offs = {t: bus.subscribe(t, lambda: None) for t in ["b", "a", "c"]}
    offs["c"]()
    assert bus.topics() == ["a", "b"]
