from statemachine import Machine

TABLE = {("a", "go"): "b", ("b", "go"): "c", ("b", "back"): "a"}


def test_table_copied():
    table = dict(TABLE)
    m = Machine("a", table)
    table[("a", "go")] = "c"
    assert m.fire("go") == "b"
