from statemachine import Machine

TABLE = {("a", "go"): "b", ("b", "go"): "c", ("b", "back"): "a"}


def test_redo_reapplies():
    m = Machine("a", TABLE)
    m.fire("go")
    m.undo()
    assert m.redo() == "b"
