from statemachine import Machine


def test_available_events_listed():
    m = Machine("s", {("s", "b"): "t", ("s", "a"): "t"})
    assert m.available_events() == ["a", "b"]
