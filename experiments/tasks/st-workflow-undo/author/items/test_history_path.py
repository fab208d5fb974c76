from statemachine import Machine

TABLE = {("a", "go"): "b", ("b", "go"): "c", ("b", "back"): "a"}


def test_history_path():
    m = Machine("a", TABLE)
    m.fire("go")
    m.fire("go")
    assert m.history() == ["a", "b", "c"]
