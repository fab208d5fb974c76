from pubsub import Bus


def test_dead_letter_after_cancel():
    bus = Bus()
    dead = []
    bus.set_dead_letter(lambda t, m: dead.append(t))
    bus.subscribe("t", print).cancel()
    assert bus.publish("t", 1) == []
    assert dead == ["t"]
