import pytest

from statemachine import Machine, NothingToRedo

TABLE = {("a", "go"): "b", ("b", "go"): "c", ("b", "back"): "a"}


def test_fire_clears_redo():
    m = Machine("a", TABLE)
    m.fire("go")
    m.fire("go")
    m.undo()
    m.fire("back")
    with pytest.raises(NothingToRedo):
        m.redo()
    assert m.state == "a"
