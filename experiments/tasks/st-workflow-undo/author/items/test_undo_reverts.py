from statemachine import Machine

TABLE = {("a", "go"): "b", ("b", "go"): "c", ("b", "back"): "a"}


def test_undo_reverts():
    m = Machine("a", TABLE)
    m.fire("go")
    m.fire("go")
    assert m.undo() == "b"
    assert m.state == "b"
