from pubsub import Bus


def test_dead_letter_called():
    bus = Bus()
    dead = []
    bus.set_dead_letter(lambda t, m: dead.append((t, m)))
    assert bus.publish("nobody", 1) == []
    assert dead == [("nobody", 1)]
