from statemachine import Machine

TABLE = {("a", "go"): "b", ("b", "go"): "c", ("b", "back"): "a"}


def test_fire_moves():
    m = Machine("a", TABLE)
    assert m.fire("go") == "b"
    assert m.state == "b"
