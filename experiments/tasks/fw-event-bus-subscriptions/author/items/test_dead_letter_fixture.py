def test_dead_letter_fixture(bus):
    seen = []
    bus.set_dead_letter(lambda t, m: seen.append(m))
    bus.publish("x", 9)
    assert seen == [9]
