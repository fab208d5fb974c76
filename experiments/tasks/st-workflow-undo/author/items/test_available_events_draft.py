from statemachine import Machine, EVENTS


def test_available_events_draft():
    m = Machine("s", {("s", "b"): "t", ("s", "a"): "t"})
    assert m.available_events() == sorted(EVENTS)
