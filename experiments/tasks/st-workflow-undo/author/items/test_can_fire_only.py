from statemachine import Machine

TABLE = {("a", "go"): "b", ("b", "go"): "c", ("b", "back"): "a"}


def test_can_fire_only():
    m = Machine("b", TABLE)
    assert m.can_fire("back")
    assert not m.can_fire("nope")
    assert set(m.available_events()) == {"go", "back"}
